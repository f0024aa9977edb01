#!/usr/bin/env bash
# Load test of solverd on loopback, run by hand (CI does not):
#
#   bash .ci/tools.sh --all     # once: the pinned ghz (and grpcurl)
#   bash .ci/loadtest.sh        # about 3 minutes with the defaults
#
# It builds solverd and solverctl, starts solverd on 127.0.0.1, then:
#   1. unary Solve with ghz at each concurrency of $CONCURRENCY for $DURATION
#      ($DURATION_50 at concurrency 50): rate, p50, p99, status codes, and the
#      server's resident memory at 10 s and at the end of the longest run;
#   2. SolveSteps streams with ghz at $STEPS_CONCURRENCY;
#   3. SolveBatch throughput of the puzzles of $PUZZLES through one stream,
#      in-process over bufconn and over TCP (solverctl batch), against the
#      engine's in-process throughput on the same puzzles (BenchmarkThroughput
#      in ./service), in $PAIRS pairs of runs, with the CPU steal of each;
#   4. hostile clients, $PROBE_HOLD each (TestHostileProbe in ./service): 100
#      SolveBatch streams on one connection that send and never read, 10,000
#      idle SolveBatch streams, 1,000 SolveSteps whose client reads nothing,
#      with the server's peak RSS and how the streams ended;
# then stops the server with SIGTERM and prints a Markdown report (also to
# $REPORT when set). Every wait is bounded; all traffic stays on loopback.
#
# Knobs (environment): DURATION=10s DURATION_50=60s CONCURRENCY="1 10 50"
# STEPS_CONCURRENCY=10 PUZZLES=<17-clue set> BATCH_LIMIT=0 (0: all) PAIRS=2
# PORT=50151 METRICS_PORT=50152 SOLVERD_FLAGS="" REPORT= PROBE_HOLD=15s
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$(go env GOPATH)/bin:$PATH"

DURATION=${DURATION:-10s}
DURATION_50=${DURATION_50:-60s}
CONCURRENCY=${CONCURRENCY:-"1 10 50"}
STEPS_CONCURRENCY=${STEPS_CONCURRENCY:-10}
PUZZLES=${PUZZLES:-../shared/testdata/puzzles/tdoku_puzzles2_17_clue.txt}
BATCH_LIMIT=${BATCH_LIMIT:-0}
PAIRS=${PAIRS:-2}
PORT=${PORT:-50151}
METRICS_PORT=${METRICS_PORT:-50152}
SOLVERD_FLAGS=${SOLVERD_FLAGS:-}
REPORT=${REPORT:-}

command -v ghz >/dev/null || { echo "ghz not found: run 'bash .ci/tools.sh --all'" >&2; exit 1; }
command -v jq >/dev/null || { echo "jq not found" >&2; exit 1; }
[ -f "$PUZZLES" ] || { echo "no puzzle file $PUZZLES" >&2; exit 1; }

tmp=$(mktemp -d)
server_pid=
sampler_pid=
cleanup() {
  [ -n "$sampler_pid" ] && kill "$sampler_pid" 2>/dev/null || true
  [ -n "$server_pid" ] && kill -9 "$server_pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

say() { echo "== $*" >&2; }
out() { echo "$*" >>"$tmp/report.md"; }

say "building"
go build -o "$tmp/solverd" ./cmd/solverd
go build -o "$tmp/solverctl" ./cmd/solverctl
go test -c -o "$tmp/service.test" ./service

if [ "$BATCH_LIMIT" -gt 0 ]; then head -n "$BATCH_LIMIT" "$PUZZLES" >"$tmp/puzzles.txt"; else cp "$PUZZLES" "$tmp/puzzles.txt"; fi
npuzzles=$(grep -cv '^\s*\(#\|$\)' "$tmp/puzzles.txt")
# ghz sends the messages of an array round robin: 200 puzzles of the set.
head -n 200 "$tmp/puzzles.txt" | awk '{print $1}' | jq -R '{puzzle: {text: .}}' | jq -s . >"$tmp/solve.json"
head -n 1 "$tmp/puzzles.txt" | awk '{print $1}' | jq -R '{puzzle: {text: .}}' >"$tmp/steps.json"

addr=127.0.0.1:$PORT
# start_server starts solverd and waits until it serves.
start_server() {
  say "starting solverd on $addr"
  # shellcheck disable=SC2086 # SOLVERD_FLAGS is a list of flags
  "$tmp/solverd" --listen "$addr" --metrics-listen "127.0.0.1:$METRICS_PORT" $SOLVERD_FLAGS 2>>"$tmp/solverd.log" &
  server_pid=$!
  for i in $(seq 1 100); do
    if curl -sf "http://127.0.0.1:$METRICS_PORT/metrics" >/dev/null 2>&1; then break; fi
    kill -0 "$server_pid" 2>/dev/null || { cat "$tmp/solverd.log" >&2; exit 1; }
    [ "$i" = 100 ] && { echo "solverd did not start" >&2; exit 1; }
    sleep 0.1
  done
}
start_server

# rss prints the server's resident memory in MiB.
rss() { awk '/^VmRSS:/ {printf "%.1f", $2/1024}' "/proc/$server_pid/status"; }

# cpu_ticks prints the machine's busy, idle and stolen CPU ticks so far.
cpu_ticks() { awk '/^cpu / {print $2 + $3 + $4 + $7 + $8, $5 + $6, $9}' /proc/stat; }
# steal prints the share of CPU time stolen by the hypervisor between two
# cpu_ticks readings: on a shared VM it makes rates swing.
steal() {
  read -r b1 i1 s1 <<<"$1"
  read -r b2 i2 s2 <<<"$2"
  awk -v b=$((b2 - b1)) -v i=$((i2 - i1)) -v s=$((s2 - s1)) 'BEGIN {printf "%.0f%%", 100 * s / (b + i + s + 1e-9)}'
}
ghz_run() { # name concurrency duration call data-file
  ghz --insecure --proto proto/sudoku/v1/sudoku.proto --import-paths proto \
    --call "$4" -D "$5" -c "$2" -z "$3" --duration-stop wait --timeout 30s \
    -O json -o "$tmp/$1.json" "$addr" >&2
}

ghz_row() { # name concurrency steal
  jq -r --arg c "$2" --arg steal "$3" '
    def ms: . / 1e6 * 100 | round / 100;
    def pct(p): [.latencyDistribution[]? | select(.percentage == p) | .latency][0] // 0 | ms;
    "| \($c) | \(.count) | \(.rps | round) | \(pct(50)) | \(pct(99)) | \(.statusCodeDistribution | to_entries | map("\(.key) \(.value)") | join(", ")) | \($steal) |"
  ' "$tmp/$1.json"
}

out "### Environment"
out ""
out "- $(date -u +%Y-%m-%dT%H:%MZ), $(go version | cut -d' ' -f3-), $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
out "- solverd defaults$( [ -n "$SOLVERD_FLAGS" ] && echo " with $SOLVERD_FLAGS"), info logging to a file; ghz $(sed -n 's/^GHZ_VERSION=\([^ ]*\).*/\1/p' .ci/tools.sh) and the clients on the same machine"
out ""

say "unary Solve"
out "### Unary Solve (ghz, 200 puzzles of the set round robin, one connection)"
out ""
out "| concurrency | calls | calls/s | p50 ms | p99 ms | status codes | steal |"
out "|---:|---:|---:|---:|---:|---|---:|"
mem=""
for c in $CONCURRENCY; do
  d=$DURATION
  [ "$c" = 50 ] && d=$DURATION_50
  say "Solve, concurrency $c, $d"
  rm -f "$tmp/rss.log"
  t0=$(cpu_ticks)
  ( for s in $(seq 1 3600); do kill -0 "$server_pid" 2>/dev/null || exit 0; echo "$s $(rss)" >>"$tmp/rss.log"; sleep 1; done ) &
  sampler_pid=$!
  ghz_run "solve-$c" "$c" "$d" sudoku.v1.SudokuService.Solve "$tmp/solve.json"
  t1=$(cpu_ticks)
  kill "$sampler_pid" 2>/dev/null || true
  wait "$sampler_pid" 2>/dev/null || true
  sampler_pid=
  out "$(ghz_row "solve-$c" "$c" "$(steal "$t0" "$t1")")"
  if [ "$c" = 50 ] || [ -z "$mem" ]; then
    at10=$(awk '$1 == 10 {print $2}' "$tmp/rss.log")
    last=$(tail -n 1 "$tmp/rss.log")
    mem="server RSS during the concurrency-$c run ($d): ${at10:-?} MiB at 10 s, ${last#* } MiB at ${last%% *} s"
  fi
done
out ""
out "- $mem"
out ""

say "SolveSteps"
t0=$(cpu_ticks)
ghz_run steps "$STEPS_CONCURRENCY" "$DURATION" sudoku.v1.SudokuService.SolveSteps "$tmp/steps.json"
t1=$(cpu_ticks)
steps=$("$tmp/solverctl" steps --addr "$addr" "$(head -n 1 "$tmp/puzzles.txt" | awk '{print $1}')" | grep -c '^ *[0-9]\+  ' || true)
out "### SolveSteps streams (ghz, one puzzle of $steps steps, $DURATION)"
out ""
out "| concurrency | streams | streams/s | p50 ms | p99 ms | status codes | steal |"
out "|---:|---:|---:|---:|---:|---|---:|"
out "$(ghz_row steps "$STEPS_CONCURRENCY" "$(steal "$t0" "$t1")")"
out ""

# bench_rates runs the engine and SolveBatch over bufconn in one go test
# run and prints their puzzles/s: "engine bufconn".
bench_rates() {
  SOLVER_BENCH_PUZZLES="$tmp/puzzles.txt" "$tmp/service.test" -test.run '^$' \
    -test.bench 'Throughput/(engine|SolveBatch)$' -test.benchtime 1x 2>&1 |
    awk '/puzzles\/s/ {for (i = 1; i < NF; i++) if ($(i+1) == "puzzles/s") r[++n] = $i} END {print r[1], r[2]}'
}
batch_rate() {
  "$tmp/solverctl" batch --addr "$addr" --out "$tmp/batch.out" "$tmp/puzzles.txt" 2>"$tmp/batch.err" || true
  grep 'puzzles in' "$tmp/batch.err" | sed -E 's/.*\(([0-9.]+)\/s\).*/\1/'
}
pct() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.0f%%", 100 * a / b}'; }
out "### SolveBatch against the engine ($npuzzles puzzles of $(basename "$PUZZLES"), $PAIRS pairs of runs)"
out ""
out "Each pair runs one \`go test\` of \`BenchmarkThroughput\`: the engine in-process (one"
out "worker per CPU taking puzzles by an atomic index, the service's work per puzzle"
out "without gRPC), then the same puzzles through one SolveBatch stream over bufconn"
out "(client in the same process); then the same puzzles through one SolveBatch"
out "stream over TCP to solverd (solverctl batch, a separate process on the same"
out "CPUs). Steal is the CPU time the hypervisor gave to other guests."
out ""
out "| pair | engine puzzles/s | SolveBatch in-process | share | SolveBatch over TCP | share | steal |"
out "|---:|---:|---:|---:|---:|---:|---:|"
esum=0
isum=0
bsum=0
for p in $(seq 1 "$PAIRS"); do
  say "pair $p: engine and SolveBatch in-process, $npuzzles puzzles"
  t0=$(cpu_ticks); read -r e i <<<"$(bench_rates)"
  say "pair $p: SolveBatch over TCP, one stream, $npuzzles puzzles"
  rm -f "$tmp/rss.log"
  ( for s in $(seq 1 3600); do kill -0 "$server_pid" 2>/dev/null || exit 0; echo "$s $(rss)" >>"$tmp/rss.log"; sleep 1; done ) &
  sampler_pid=$!
  b=$(batch_rate); t1=$(cpu_ticks)
  kill "$sampler_pid" 2>/dev/null || true
  wait "$sampler_pid" 2>/dev/null || true
  sampler_pid=
  lines=$(wc -l <"$tmp/batch.out")
  [ "$lines" = "$npuzzles" ] || out "- pair $p: $lines result lines for $npuzzles puzzles"
  out "| $p | $e | $i | $(pct "$i" "$e") | $b | $(pct "$b" "$e") | $(steal "$t0" "$t1") |"
  esum=$(awk -v a="$esum" -v e="$e" 'BEGIN {print a + e}')
  isum=$(awk -v a="$isum" -v i="$i" 'BEGIN {print a + i}')
  bsum=$(awk -v a="$bsum" -v b="$b" 'BEGIN {print a + b}')
done
out ""
out "- over all pairs SolveBatch reached **$(pct "$isum" "$esum")** of the engine's throughput in-process and **$(pct "$bsum" "$esum")** over TCP; every run wrote one line per puzzle unless noted above."
out "- server RSS during the last batch: $(sort -k2 -n "$tmp/rss.log" | head -n 1 | cut -d' ' -f2) to $(sort -k2 -n "$tmp/rss.log" | tail -n 1 | cut -d' ' -f2) MiB over $(wc -l <"$tmp/rss.log") s"
out "- solverctl, last batch: $(grep 'puzzles in' "$tmp/batch.err" | sed 's/^solverctl: //')"
out ""

# Hostile clients (docs/capacity.md, "Memory under hostile clients"): each
# probe runs from the service's test binary in its own process while the
# server's RSS is sampled every 0.2 s, against a fresh solverd: Go keeps
# the memory a probe made it take, which the next one's peak would count.
out "### Hostile clients (server RSS, sampled every 0.2 s; a fresh solverd each)"
out ""
out "| probe | streams | connections | server RSS at start MiB | server peak RSS MiB | ended with |"
out "|---|---:|---:|---:|---:|---|"
for spec in nonreading:100:1 idle:10000:100 stalled:1000:10; do
  IFS=: read -r mode streams conns <<<"$spec"
  say "restarting solverd"
  kill -TERM "$server_pid"
  wait "$server_pid" || true
  start_server
  at_start=$(rss)
  say "probe $mode"
  SOLVER_PROBE_ADDR=$addr SOLVER_PROBE_MODE=$mode SOLVER_PROBE_STREAMS=$streams SOLVER_PROBE_CONNS=$conns \
    SOLVER_PROBE_HOLD=${PROBE_HOLD:-15s} "$tmp/service.test" -test.run '^TestHostileProbe$' >"$tmp/probe.out" 2>&1 &
  probe_pid=$!
  peak=0
  while kill -0 "$probe_pid" 2>/dev/null; do
    r=$(rss); peak=$(awk -v a="$peak" -v b="$r" 'BEGIN {print (b > a) ? b : a}'); sleep 0.2
  done
  wait "$probe_pid" || true
  out "| $mode | $streams | $conns | $at_start | $peak | $(grep -o 'ended with .*' "$tmp/probe.out" | sed 's/ended with //') |"
done
out ""

say "stopping solverd"
kill -TERM "$server_pid"
for i in $(seq 1 300); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$server_pid" 2>/dev/null; then
  out "- solverd did not stop within 30 s of SIGTERM"
else
  wait "$server_pid" && code=0 || code=$?
  out "- solverd stopped on SIGTERM with status $code$(grep -q 'msg=stopped' "$tmp/solverd.log" && echo ', logging "stopped"')"
fi
server_pid=

cat "$tmp/report.md"
[ -n "$REPORT" ] && cp "$tmp/report.md" "$REPORT"
exit 0
