// Piscina worker entry: runs one shard per task.
import { runShard, type ShardTask } from './shards.js';

export default function (task: ShardTask): Float64Array {
  return runShard(task);
}
