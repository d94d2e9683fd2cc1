import type { Kernel } from '../../parallel/kernel.js';
export const kernels: Kernel<never, unknown>[] = [];
