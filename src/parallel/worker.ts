// Piscina worker entry: runs one shard per task; the task names the module that registers its kernel.
import { runShard, type ShardTask } from './shards.js';
import { ensureKernel } from './registry.js';

export default async function (task: ShardTask & { module: string }): Promise<Float64Array> {
  await ensureKernel(task.kernel, task.module);
  return runShard(task);
}
