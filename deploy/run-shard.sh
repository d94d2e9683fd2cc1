#!/usr/bin/env bash
# Run one shard of a large Wulong turn simulation and write its partial result.
# The shard index comes from the cluster: JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or
# SLURM_ARRAY_TASK_ID (Slurm array); oddsmith reads either when --shard-index is not given.
# Every shard of one experiment must use the same POLICY, TRIALS, SEED and SHARDS.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
POLICY=${POLICY:-optimal}
TRIALS=${TRIALS:-10000000000}
SEED=${SEED:-1}
SHARDS=${SHARDS:-64}
OUT_DIR=${OUT_DIR:-results}
index=${JOB_COMPLETION_INDEX:-${SLURM_ARRAY_TASK_ID:?set JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID}}
mkdir -p "$OUT_DIR"
exec node "$here/dist/src/cli/main.js" wulong simulate --policy "$POLICY" --trials "$TRIALS" --seed "$SEED" \
  --shard-count "$SHARDS" --workers "${WORKERS:-1}" --quiet --out "$OUT_DIR/part-$(printf '%05d' "$index").json"
