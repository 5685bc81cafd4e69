#!/usr/bin/env bash
# Writes the Kubernetes manifests of a tpk run of TRIALS encounters as an
# Indexed Job of SHARDS pods, then a Job that merges their parts:
#
#   docker build -t REGISTRY/tpk:TAG . && docker push REGISTRY/tpk:TAG   # from the repository's root
#   recipes/kubernetes/tpk-indexed-job.sh SCENARIO SHARDS TRIALS REGISTRY/tpk:TAG | kubectl apply -f -
#   kubectl wait --for=condition=complete job/tpk-merge --timeout=2h
#
# SHARDS is named once, here: it sets the Job's completions and
# parallelism, the shard count each pod plays its share of, and the number
# of parts the merge waits for. The image is built from the repository's
# Dockerfile (a static tpk on busybox); on a kind cluster, `kind load
# docker-image` it instead of pushing. Each pod plays shard
# JOB_COMPLETION_INDEX of SHARDS onto a shared volume (ReadWriteMany); the
# merge Job waits in an init container until all SHARDS parts are there,
# then joins them into /results/result.json and /results/result/ (every
# format, the plots, report.html). A shard that fails three times fails
# the shard Job, and the merge Job gives up after MERGE_DEADLINE seconds
# (default 7200) instead of waiting for its parts forever. For results in
# an object store instead of a volume, copy /results/parts there at the end
# of each pod's command and back before the merge.
set -euo pipefail
if [ $# -ne 4 ]; then
  echo "usage: $0 SCENARIO SHARDS TRIALS IMAGE" >&2
  exit 2
fi
scenario=$1 shards=$2 trials=$3 image=$4
deadline=${MERGE_DEADLINE:-7200}
case $shards in '' | *[!0-9]* | 0)
  echo "$0: SHARDS must be a whole number, at least 1, not \"$shards\"" >&2
  exit 2
  ;;
esac
case $trials in '' | *[!0-9]*)
  echo "$0: TRIALS must be a whole number, not \"$trials\"" >&2
  exit 2
  ;;
esac
if [ ! -r "$scenario" ]; then
  echo "$0: cannot read the scenario $scenario" >&2
  exit 2
fi
cat <<YAML
apiVersion: v1
kind: ConfigMap
metadata:
  name: tpk-scenario
data:
  scenario.yaml: |
$(sed 's/^/    /' "$scenario")
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: tpk-results
spec:
  accessModes: [ReadWriteMany]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: batch/v1
kind: Job
metadata:
  name: tpk-shards
spec:
  completionMode: Indexed
  completions: $shards
  parallelism: $shards
  backoffLimitPerIndex: 2
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: tpk
          image: $image
          env:
            - name: TPK_SHARDS
              value: "$shards"
            - name: TPK_TRIALS
              value: "$trials"
          command: ["sh", "-c"]
          args:
            - tpk run /scenario/scenario.yaml --trials "\$TPK_TRIALS"
              --shard "\$JOB_COMPLETION_INDEX/\$TPK_SHARDS" --out /results/parts --quiet
          resources:
            requests:
              cpu: "2"
          volumeMounts:
            - name: scenario
              mountPath: /scenario
            - name: results
              mountPath: /results
      volumes:
        - name: scenario
          configMap:
            name: tpk-scenario
        - name: results
          persistentVolumeClaim:
            claimName: tpk-results
---
apiVersion: batch/v1
kind: Job
metadata:
  name: tpk-merge
spec:
  backoffLimit: 2
  activeDeadlineSeconds: $deadline
  template:
    spec:
      restartPolicy: Never
      initContainers:
        # Waits until every part is on the volume, so that the merge Job
        # may be applied together with the shards.
        - name: wait-for-shards
          image: $image
          env:
            - name: TPK_SHARDS
              value: "$shards"
          command: ["sh", "-c"]
          args:
            - until [ "\$(ls /results/parts/shard-*.json 2>/dev/null | wc -l)" -ge "\$TPK_SHARDS" ]; do sleep 10; done
          volumeMounts:
            - name: results
              mountPath: /results
      containers:
        - name: merge
          image: $image
          command: ["sh", "-c"]
          args:
            - tpk merge /results/parts --out /results/result --format json > /results/result.json.part
              && mv /results/result.json.part /results/result.json
          volumeMounts:
            - name: results
              mountPath: /results
      volumes:
        - name: results
          persistentVolumeClaim:
            claimName: tpk-results
YAML
