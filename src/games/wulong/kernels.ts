import type { Kernel } from '../../parallel/kernel.js';
import { turnKernel } from './simulator.js';

export const kernels: Kernel<never, unknown>[] = [turnKernel as Kernel<never, unknown>];
