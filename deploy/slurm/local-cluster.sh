#!/usr/bin/env bash
# A single-node Slurm cluster on localhost (Debian's slurm-wlm and munge), for trying the cluster
# path of oddsmith on one machine and for test/edges-slurm.test.ts.
#
#   deploy/slurm/local-cluster.sh install   apt-get install slurm-wlm munge when missing (needs root)
#   deploy/slurm/local-cluster.sh start     write the config and start munged, slurmctld, slurmd
#   deploy/slurm/local-cluster.sh stop      stop the daemons this script started
#   deploy/slurm/local-cluster.sh env       print `export SLURM_CONF=…` for sbatch/squeue/sacct
#
# Everything lives in $SLURM_LOCAL_DIR (default /tmp/oddsmith-slurm): config, state, logs, the munge
# socket. The daemons are started directly (no systemd needed, as in a container). Ports:
# $SLURM_LOCAL_PORT (slurmctld, default 6817) and the next one (slurmd).
set -euo pipefail
dir=${SLURM_LOCAL_DIR:-/tmp/oddsmith-slurm}
port=${SLURM_LOCAL_PORT:-6817}
conf=$dir/slurm.conf

say() { printf 'local-cluster: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

install() {
  if command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v sbatch >/dev/null && command -v munged >/dev/null; then
    say "slurm-wlm and munge are installed"
    return 0
  fi
  [ "$(id -u)" = 0 ] || die "slurm-wlm/munge missing and not root: cannot apt-get install them"
  command -v apt-get >/dev/null || die "slurm-wlm/munge missing and no apt-get here"
  say "installing slurm-wlm and munge with apt-get"
  apt-get update -qq >/dev/null || die "apt-get update failed (no network or no package mirror?)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null || die "apt-get install slurm-wlm munge failed"
}

# Is the process whose pid is in file $1 alive?
alive() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

start() {
  for b in slurmctld slurmd sbatch munged; do command -v $b >/dev/null || die "$b not found: run '$0 install' first"; done
  mkdir -p "$dir"/state "$dir"/spool "$dir"/log
  chmod 700 "$dir"
  host=$(hostname -s)
  cpus=$(nproc)
  # munge: its own key and socket in $dir, so a system munged (if any) is left alone
  if [ ! -s "$dir/munge.key" ]; then
    dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 status=none
    chmod 400 "$dir/munge.key"
  fi
  if ! alive "$dir/munged.pid"; then
    munged --force --key-file="$dir/munge.key" --socket="$dir/munge.sock" --pid-file="$dir/munged.pid" \
      --log-file="$dir/log/munged.log" --seed-file="$dir/munge.seed" || die "munged did not start (see $dir/log/munged.log)"
  fi
  cat >"$conf" <<CONF
# written by deploy/slurm/local-cluster.sh: one node (this machine), root runs everything
ClusterName=oddsmith-local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge.sock
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
MaxArraySize=1001
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
  export SLURM_CONF=$conf
  alive "$dir/slurmctld.pid" || slurmctld -f "$conf" -i || die "slurmctld did not start (see $dir/log/slurmctld.log)"
  alive "$dir/slurmd.pid" || slurmd -f "$conf" || die "slurmd did not start (see $dir/log/slurmd.log)"
  # wait until the node is idle (slurmd registered with slurmctld)
  for _ in $(seq 1 60); do
    state=$(sinfo -h -N -o '%T' 2>/dev/null | head -1 || true)
    case "$state" in idle*|mixed*|allocated*) say "up: node $host ($cpus CPUs) is $state; export SLURM_CONF=$conf"; return 0 ;; esac
    sleep 0.5
  done
  die "the node did not become idle within 30 s (state: ${state:-none}; see $dir/log/)"
}

stop() {
  for d in slurmd slurmctld munged; do
    if alive "$dir/$d.pid"; then
      pid=$(cat "$dir/$d.pid")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -f "$dir/$d.pid"
  done
  say "stopped"
}

case "${1:-start}" in
  install) install ;;
  start) start ;;
  stop) stop ;;
  env) echo "export SLURM_CONF=$conf" ;;
  *) die "usage: $0 install|start|stop|env" ;;
esac
