// Piscina worker entry: runs one shard per task.
import { runShard, type ShardTask } from './shards.js';
import { loadKernel } from './registry.js';

export default async function (task: ShardTask): Promise<Float64Array> {
  await loadKernel(task.kernel);
  return runShard(task);
}
