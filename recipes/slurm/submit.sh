#!/usr/bin/env bash
# Plays a tpk run of TRIALS encounters as a Slurm job array of N shards,
# then merges them in a job that starts when every shard has succeeded.
#   recipes/slurm/submit.sh SCENARIO TRIALS N OUT
# Prints the merge job's id. The result is OUT/result.json and OUT/result/.
# TPK, if set, names the tpk binary the jobs run (it must be reachable from
# every node, as must SCENARIO and OUT).
set -euo pipefail
if [ $# -ne 4 ]; then
  echo "usage: $0 SCENARIO TRIALS N OUT" >&2
  exit 2
fi
scenario=$1 trials=$2 n=$3 out=$4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
array=$(sbatch --parsable --chdir "$out" --export "ALL,TPK=${TPK:-tpk}" --array "0-$((n - 1))" \
  "$here/tpk-shard.sbatch" "$scenario" "$trials" "$out")
sbatch --parsable --chdir "$out" --export "ALL,TPK=${TPK:-tpk}" --dependency "afterok:${array%%;*}" \
  "$here/tpk-merge.sbatch" "$out"
