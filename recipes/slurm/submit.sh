#!/usr/bin/env bash
# Plays a tpk run of TRIALS encounters as a Slurm job array of N shards,
# then merges them in a job that starts when every shard has succeeded, and
# waits for it.
#   recipes/slurm/submit.sh SCENARIO TRIALS N OUT
# SCENARIO (a file, or example:NAME) and OUT may be relative to the current
# directory: they are made absolute before the jobs, which run in OUT, see
# them. TPK, if set, names the tpk binary (default: tpk on the PATH), made
# absolute too. The binary, SCENARIO and OUT must be reachable from every
# node.
# Prints the merge job's id, then waits: it exits 0 once OUT/result.json
# holds the merged result (OUT/result/ every format, the plots and
# report.html), and 1 when a shard or the merge failed, naming the shards
# that failed and their logs. A failed shard makes Slurm cancel the merge
# job (--kill-on-invalid-dep), so nothing stays pending. NO_WAIT=1 returns
# after submitting; POLL sets the seconds between looks (default 5).
set -euo pipefail
fail() {
  echo "submit.sh: $*" >&2
  exit 1
}
if [ $# -ne 4 ]; then
  echo "usage: $0 SCENARIO TRIALS N OUT" >&2
  exit 2
fi
scenario=$1 trials=$2 n=$3 out=$4
case $trials in '' | *[!0-9]*) fail "TRIALS must be a whole number, not \"$trials\"" ;; esac
case $n in '' | *[!0-9]* | 0) fail "N must be a whole number of shards, at least 1, not \"$n\"" ;; esac
absolute() {
  case $1 in
    /*) printf '%s\n' "$1" ;;
    *) printf '%s/%s\n' "$PWD" "$1" ;;
  esac
}
case $scenario in
  example:*) ;;
  *)
    [ -r "$scenario" ] || fail "cannot read the scenario $scenario"
    scenario=$(absolute "$scenario")
    ;;
esac
tpk=${TPK:-tpk}
case $tpk in
  */*) tpk=$(absolute "$tpk") ;;
  *) tpk=$(command -v "$tpk") || fail "no $tpk on the PATH; set TPK to the tpk binary" ;;
esac
[ -x "$tpk" ] || fail "$tpk is not an executable"
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [ -n "$(ls -A "$out/parts" 2>/dev/null)" ]; then
  fail "$out/parts already holds parts of another run; give an empty OUT"
fi
rm -f "$out/result.json"
array=$(sbatch --parsable --chdir "$out" --export "ALL,TPK=$tpk" --array "0-$((n - 1))" \
  "$here/tpk-shard.sbatch" "$scenario" "$trials" "$out")
array=${array%%;*}
merge=$(sbatch --parsable --chdir "$out" --export "ALL,TPK=$tpk" --dependency "afterok:$array" \
  --kill-on-invalid-dep=yes "$here/tpk-merge.sbatch" "$out")
merge=${merge%%;*}
echo "$merge"
[ "${NO_WAIT:-0}" = 1 ] && exit 0
while [ -n "$(squeue -h -j "$merge" -o %i 2>/dev/null)" ]; do
  # A Slurm that keeps a job whose dependency can never be met (older
  # versions, or kill_invalid_depend off) would leave the merge pending
  # forever: cancel it.
  if [ "$(squeue -h -j "$merge" -o %r 2>/dev/null)" = DependencyNeverSatisfied ]; then
    scancel "$merge" || true
    break
  fi
  sleep "${POLL:-5}"
done
if [ -s "$out/result.json" ]; then
  echo "submit.sh: merged $n shards into $out/result.json" >&2
  exit 0
fi
failed=()
for ((i = 0; i < n; i++)); do
  if ! ls "$out/parts/shard-$(printf '%04d' "$i")-of-"*.json >/dev/null 2>&1; then
    failed+=("$i")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "submit.sh: ${#failed[@]} of $n shards failed (${failed[*]}); the merge job $merge did not run" >&2
  for i in "${failed[@]}"; do
    log="$out/slurm-tpk-shard-${array}_$i.out"
    if [ -f "$log" ]; then
      echo "--- $log" >&2
      tail -n 5 "$log" >&2
    fi
  done
else
  echo "submit.sh: every shard finished but the merge job $merge failed; see $out/slurm-tpk-merge-$merge.out" >&2
fi
exit 1
