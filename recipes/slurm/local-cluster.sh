#!/usr/bin/env bash
# Starts a one-node Slurm cluster on this machine (localhost), for trying the
# job-array recipe and for tpk's own test of it. Needs root and Debian's
# slurmctld, slurmd, slurm-client and munge packages. It writes
# /etc/slurm/slurm.conf (leaving an existing one alone unless FORCE=1),
# starts munged, slurmctld and slurmd, and waits until the node is idle.
# Stop it with: scontrol shutdown; pkill munged
set -euo pipefail
conf=/etc/slurm/slurm.conf
cpus=$(nproc)
mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.8)}' /proc/meminfo)
if [ ! -f "$conf" ] || [ "${FORCE:-0}" = 1 ]; then
  mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
  cat >"$conf" <<CONF
ClusterName=tpk-local
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
NodeName=localhost CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
fi
if ! pgrep -x munged >/dev/null; then
  mkdir -p /run/munge && chown munge:munge /run/munge 2>/dev/null || true
  if id munge >/dev/null 2>&1; then
    su -s /bin/sh munge -c /usr/sbin/munged
  else
    /usr/sbin/munged --force
  fi
fi
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
for _ in $(seq 1 60); do
  state=$(sinfo -h -N -o '%T' 2>/dev/null | head -n 1 || true)
  case "$state" in
    idle*|mixed*|allocated*) echo "slurm: node localhost is $state"; exit 0 ;;
  esac
  sleep 1
done
echo "slurm: the node did not come up (last state: ${state:-none}); see /var/log/slurm/" >&2
exit 1
