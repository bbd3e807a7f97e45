#!/bin/sh
# tapserve service control on MiSTer. POSIX sh: runs under busybox ash and bash.
#   tapserve-ctl.sh start|stop|restart|status   control the background service
#   tapserve-ctl.sh install|unhook              add/remove the boot hook in user-startup.sh
#   tapserve-ctl.sh uninstall [--keep-data|--delete-data]
#                                               stop, remove the boot hook, the program and the Scripts entry;
#                                               the data (config, databases, logs) only after a "y" (or
#                                               --delete-data)
#   tapserve-ctl.sh pin                         open a pairing window and print its PIN (for the phone app)
#   tapserve-ctl.sh menu                        what the Scripts menu runs: install, start, status, address,
#                                               PIN; on a terminal, then a choice (new PIN, restart, uninstall)
# "-service start" (the form the boot hook uses) is accepted too.
# Layout: program in <base>/program (this folder), data (config, databases, logs) in <base>.
# Env (tests and unusual installs): TAPSERVE_BASE, TAPSERVE_DATA_DIR, TAPSERVE_USER_STARTUP, TAPSERVE_ENTRY,
# TAPSERVE_PORT, TAPSERVE_HOST (listen address; default all), TAPSERVE_EMU, TAPSERVE_HEAP_MB, TAPSERVE_SEMI_MB.

PROG=$(cd "$(dirname "$0")" && pwd) || exit 1
BASE=${TAPSERVE_BASE:-$(dirname "$PROG")}
DATA=${TAPSERVE_DATA_DIR:-$BASE}
PIDFILE=$DATA/tapserve.pid
CONSOLE_LOG=$DATA/console.log
CONSOLE_LOG_MAX=262144
STARTUP=${TAPSERVE_USER_STARTUP:-/media/fat/linux/user-startup.sh}
ENTRY=${TAPSERVE_ENTRY:-$PROG/tapserve-ctl.sh}
PORT=${TAPSERVE_PORT:-7497}
MARK="# tapserve boot hook"

version() {
  cat "$PROG/VERSION" 2>/dev/null || echo unknown
}

# Prints the pid of the running service, or fails.
service_pid() {
  [ -f "$PIDFILE" ] || return 1
  pid=$(cat "$PIDFILE" 2>/dev/null)
  case "$pid" in '' | *[!0-9]*) return 1 ;; esac
  kill -0 "$pid" 2>/dev/null || return 1
  # A recycled pid belongs to another program: check it is ours.
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q "tapserve.mjs" || return 1
  echo "$pid"
}

# True when something listens on $PORT (IPv4 or IPv6), read from /proc/net.
listening() {
  hex=$(printf '%04X' "$PORT")
  cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | grep -Eq "^ *[0-9]+: [0-9A-F]+:$hex [0-9A-F]+:[0-9A-F]+ 0A "
}

# Keeps the console log (start-up errors, crashes) small on the SD card: one old copy at most.
rotate_console_log() {
  [ -f "$CONSOLE_LOG" ] || return 0
  size=$(wc -c <"$CONSOLE_LOG" 2>/dev/null || echo 0)
  if [ "$size" -gt "$CONSOLE_LOG_MAX" ]; then
    mv -f "$CONSOLE_LOG" "$CONSOLE_LOG.1"
  fi
}

start() {
  if pid=$(service_pid); then
    echo "tapserve is already running (pid $pid)"
    return 0
  fi
  mkdir -p "$DATA" || return 1
  # First start: the service's own log file is enough on the SD card, so console output stays off.
  if [ ! -e "$DATA/config.toml" ]; then
    printf 'console_logging = false\n' >"$DATA/config.toml"
  fi
  rotate_console_log
  # A session of its own (setsid), so closing the Scripts menu's terminal sends it no SIGHUP; Node resets
  # ignored signals at start, so nohup would not help (and busybox may lack it).
  detach=""
  command -v setsid >/dev/null 2>&1 && detach=setsid
  $detach sh "$PROG/start.sh" --data-dir "$DATA" --port "$PORT" ${TAPSERVE_HOST:+--host "$TAPSERVE_HOST"} \
    >>"$CONSOLE_LOG" 2>&1 </dev/null &
  echo $! >"$PIDFILE"
  echo "tapserve started (pid $!)"
}

stop() {
  if ! pid=$(service_pid); then
    rm -f "$PIDFILE"
    echo "tapserve is not running"
    return 0
  fi
  kill -TERM "$pid" 2>/dev/null
  n=0
  while kill -0 "$pid" 2>/dev/null && [ "$n" -lt 15 ]; do
    sleep 1
    n=$((n + 1))
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid" 2>/dev/null
    echo "tapserve did not stop in time; killed (pid $pid)"
  else
    echo "tapserve stopped"
  fi
  rm -f "$PIDFILE"
}

status() {
  echo "tapserve $(version)"
  if pid=$(service_pid); then
    if listening; then
      echo "Service: running (pid $pid), port $PORT"
    else
      echo "Service: starting (pid $pid)"
    fi
  else
    echo "Service: not running"
  fi
  addrs=$(addresses)
  [ -n "$addrs" ] && echo "Address: $addrs(port $PORT; enter it in the phone app)"
  if grep -qF "$MARK" "$STARTUP" 2>/dev/null; then
    echo "Start at boot: yes"
  else
    echo "Start at boot: no"
  fi
  echo "Data: $DATA"
}

# The device's IPv4 addresses, loopback left out (iproute2 and busybox ip print the same "inet a.b.c.d/n" lines).
addresses() {
  ip -4 addr show 2>/dev/null | awk '$1 == "inet" { sub(/\/.*/, "", $2); if ($2 !~ /^127\./) printf "%s ", $2 }'
}

# Opens a pairing window on the running service (local-only method) and prints the PIN.
pin() {
  if ! service_pid >/dev/null; then
    echo "Pairing PIN: unavailable (tapserve is not running)"
    return 1
  fi
  answer=$(sh "$PROG/start.sh" call clients.pair.start --port "$PORT" 2>&1)
  code=$(printf '%s\n' "$answer" | sed -n 's/.*"pin": *"\([0-9]*\)".*/\1/p')
  if [ -n "$code" ]; then
    echo "Pairing PIN: $code (enter it in the phone app within 5 minutes)"
  else
    echo "Pairing PIN: unavailable ($answer)"
    return 1
  fi
}

hook_line() {
  # shellcheck disable=SC2016 # "$1" is for user-startup.sh to expand.
  printf '[ -e "%s" ] && sh "%s" -service "$1" %s\n' "$ENTRY" "$ENTRY" "$MARK"
}

# Adds the boot hook to user-startup.sh once; an older tapserve line is replaced, other lines are kept.
install_hook() {
  line=$(hook_line)
  if [ -f "$STARTUP" ] && grep -qxF "$line" "$STARTUP"; then
    echo "Boot hook already in $STARTUP"
    return 0
  fi
  mkdir -p "$(dirname "$STARTUP")" || return 1
  tmp=$STARTUP.tapserve.tmp
  if [ -f "$STARTUP" ]; then
    grep -vF "$MARK" "$STARTUP" >"$tmp"
  else
    printf '#!/bin/sh\n' >"$tmp"
  fi
  printf '%s\n' "$line" >>"$tmp"
  mv -f "$tmp" "$STARTUP" || return 1
  sync
  echo "Boot hook added to $STARTUP"
}

uninstall_hook() {
  [ -f "$STARTUP" ] || return 0
  grep -qF "$MARK" "$STARTUP" || return 0
  tmp=$STARTUP.tapserve.tmp
  grep -vF "$MARK" "$STARTUP" >"$tmp"
  mv -f "$tmp" "$STARTUP" && sync
  echo "Boot hook removed from $STARTUP"
}

# True when $1 is this installation's data folder (never / or an unrelated folder).
is_data_dir() {
  case "$1" in '' | / | /media/fat | /media/fat/) return 1 ;; esac
  [ -d "$1" ] && { [ -e "$1/config.toml" ] || [ -e "$1/program/tapserve-ctl.sh" ] || [ -e "$1/tapserve.pid" ]; }
}

# Removes the service: stopped, boot hook, program folder, the Scripts entry; the data after a confirmation.
uninstall() {
  data_choice=ask
  for a in "$@"; do
    case "$a" in
      --keep-data) data_choice=keep ;;
      --delete-data) data_choice=delete ;;
      *) echo "uninstall: unknown option $a" >&2; return 2 ;;
    esac
  done
  stop
  uninstall_hook
  case "$ENTRY" in "$PROG"/*) ;; *.sh) [ -f "$ENTRY" ] && rm -f "$ENTRY" && echo "Removed $ENTRY" ;; esac
  rm -rf "$PROG" && echo "Removed $PROG"
  if [ "$data_choice" = ask ]; then
    printf 'Also delete the data (config, databases, logs) in %s? [y/N] ' "$DATA"
    answer=""
    read -r answer || answer=""
    echo
    case "$answer" in y | Y | yes | YES) data_choice=delete ;; *) data_choice=keep ;; esac
  fi
  if [ "$data_choice" = delete ] && is_data_dir "$DATA"; then
    rm -rf "$DATA" && echo "Removed $DATA"
  else
    echo "Kept the data in $DATA"
  fi
  sync
  echo "tapserve is uninstalled"
}

# After the Scripts menu's summary, on a terminal: a few choices by key.
choose() {
  while :; do
    printf '\n[Enter] close   [p] new PIN   [r] restart   [u] uninstall: '
    key=""
    read -r key || return 0
    case "$key" in
      p | P) pin ;;
      r | R) stop && start && wait_listening && status ;;
      u | U) uninstall; return 0 ;;
      *) return 0 ;;
    esac
  done
}

# Waits (up to about 60 s: the first start on the device is slow) until the service listens.
wait_listening() {
  n=0
  while [ "$n" -lt 60 ]; do
    listening && return 0
    service_pid >/dev/null || return 1
    sleep 1
    n=$((n + 1))
  done
  return 1
}

[ "$1" = "-service" ] && shift
case "${1:-menu}" in
  start) start ;;
  stop) stop ;;
  restart) stop && start ;;
  status) status ;;
  install) install_hook ;;
  unhook) uninstall_hook ;;
  uninstall) shift; uninstall "$@" ;;
  pin) pin ;;
  menu)
    install_hook
    start
    if wait_listening; then
      status
      pin
    else
      status
      echo "tapserve is not answering yet; see $DATA/service.log"
    fi
    [ -t 0 ] && choose
    ;;
  *)
    echo "usage: $0 [start|stop|restart|status|install|unhook|uninstall [--keep-data|--delete-data]|pin|menu]" >&2
    exit 2
    ;;
esac
