// Piscina worker entry: runs one shard per task; the task names the module that registers its kernel
// and what the thread loads first (games loaded from outside, see setWorkerSetup).
import { runShard, type ShardTask } from './shards.js';
import { ensureKernel, runWorkerSetups, type WorkerSetup } from './registry.js';

export default async function (task: ShardTask & { module: string; setups?: WorkerSetup[] }): Promise<Float64Array> {
  if (task.setups?.length) await runWorkerSetups(task.setups);
  await ensureKernel(task.kernel, task.module);
  return runShard(task);
}
