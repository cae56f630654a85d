#!/bin/sh
# Restarts the API processes one at a time, each back and ready before the next goes down, so nginx
# (deploy/nginx.conf: proxy_next_upstream error) always has a process to send a request to.
#   deploy/rolling-restart.sh 8081 8082 …      (systemd template instances dehieu@PORT)
# Workers first, with SIGTERM (their jobs go back to the queue at once): systemctl restart dehieu-worker.
# See docs/operations.md, "Restarting for a new version".
set -eu
[ "$#" -gt 0 ] || { echo "usage: $0 PORT [PORT…]  (the dehieu@PORT instances to restart, one at a time)" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
for port in "$@"; do
  echo "restarting dehieu@$port"
  # SIGTERM: the process stops accepting, finishes its requests in flight, hands back its jobs, exits;
  # the unit's ExecStartPost waits for /health/ready before systemctl returns.
  systemctl restart "dehieu@$port"
  # Checked again here, so the script also serves units without the ExecStartPost line.
  PORT="$port" HOST=127.0.0.1 node "$here/dist/server/wait-ready.js"
  # nginx took this process out for fail_timeout (2 s in deploy/nginx.conf, counted in whole seconds:
  # up to 3 s) at its last refused connection, and does not probe: stop the next one sooner and nginx
  # has no live upstream (502s; the scale test found them at 2.5 s).
  sleep "${DEHIEU_RESTART_PAUSE_SECONDS:-4}"
done
echo "every process restarted and ready"
