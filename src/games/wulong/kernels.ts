import type { Kernel } from '../../parallel/kernel.js';
import { turnKernel } from './simulator.js';
import { gameKernel, sweepKernel } from './game-kernel.js';

export const kernels: Kernel<never, unknown>[] = [turnKernel as Kernel<never, unknown>, gameKernel as Kernel<never, unknown>, sweepKernel as Kernel<never, unknown>];
