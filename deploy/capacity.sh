#!/usr/bin/env bash
# Measures the server CPU time (user+sys of the solverd process, from
# /proc/PID/stat) spent per puzzle by unary Solve, SolveSteps and SolveBatch,
# on the 17-clue set and on hard puzzles (top1465). Run by hand, not in CI:
#
#   bash .ci/tools.sh --all        # once: the pinned ghz
#   bash deploy/capacity.sh        # a few minutes on 2 cores
#
# CPU time rather than wall clock, because the machine is shared: stolen
# and contended time does not count against the server. Clients (ghz,
# solverctl) run on the same machine but in their own processes, and are
# not counted. All traffic stays on 127.0.0.1. docs/capacity.md reads the
# results.
#
# Knobs (environment): PROCS=2 (solverd's GOMAXPROCS) N_SOLVE=20000
# N_STEPS=4000 N_HARD=1465 CONCURRENCY=8 PORT=50161 SETS="17clue top1465"
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$(go env GOPATH)/bin:$PATH"

PROCS=${PROCS:-2}
N_SOLVE=${N_SOLVE:-20000}
N_STEPS=${N_STEPS:-4000}
N_HARD=${N_HARD:-1465}
CONCURRENCY=${CONCURRENCY:-8}
PORT=${PORT:-50161}
SETS=${SETS:-"17clue top1465"}
P=../shared/testdata/puzzles
declare -A FILE=([17clue]=$P/tdoku_puzzles2_17_clue.txt [top1465]=$P/tdoku_puzzles3_magictour_top1465.txt)

command -v ghz >/dev/null || { echo "ghz not found: run 'bash .ci/tools.sh --all'" >&2; exit 1; }
command -v jq >/dev/null || { echo "jq not found" >&2; exit 1; }

tmp=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
go build -o "$tmp/solverd" ./cmd/solverd
go build -o "$tmp/solverctl" ./cmd/solverctl

addr=127.0.0.1:$PORT
GOMAXPROCS=$PROCS "$tmp/solverd" -listen "$addr" -log-level warn 2>"$tmp/solverd.log" &
pid=$!
for i in $(seq 1 100); do
  "$tmp/solverctl" solve --addr "$addr" --timeout 2s >/dev/null 2>&1 && break
  [ "$i" = 100 ] && { cat "$tmp/solverd.log" >&2; exit 1; }
  sleep 0.1
done
hz=$(getconf CLK_TCK)
# cpu prints the server's user+sys CPU seconds so far.
cpu() { awk -v hz="$hz" '{printf "%.2f", ($14 + $15) / hz}' "/proc/$pid/stat"; }
rss() { awk '/^VmHWM:/ {printf "%.0f", $2/1024}' "/proc/$pid/status"; }
steal() { awk '/^cpu / {print $9}' /proc/stat; }

echo "| set | RPC | puzzles | server CPU s | CPU ms/puzzle | puzzles/s per core | wall s | steal % |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
row() { # set rpc n cpu0 cpu1 t0 t1 st0 st1
  awk -v s="$1" -v r="$2" -v n="$3" -v c="$(awk -v a="$4" -v b="$5" 'BEGIN {print b - a}')" \
      -v w="$(awk -v a="$6" -v b="$7" 'BEGIN {print b - a}')" -v st=$(( $9 - $8 )) -v hz="$hz" -v ncpu="$(nproc)" \
    'BEGIN {printf "| %s | %s | %d | %.2f | %.3f | %.0f | %.1f | %.0f |\n", s, r, n, c, 1000 * c / n, n / c, w, 100 * st / hz / (w * ncpu + 1e-9)}'
}
now() { date +%s.%N; }
for set in $SETS; do
  f=${FILE[$set]}
  [ -f "$f" ] || { echo "no puzzle file $f" >&2; exit 1; }
  n=$N_SOLVE; ns=$N_STEPS
  [ "$set" = top1465 ] && { n=$N_HARD; ns=$N_HARD; }
  # (awk reads the files itself: head in a pipe would end it with SIGPIPE)
  awk '!/^[[:space:]]*(#|$)/ {print $1; if (++k >= 2000) exit}' "$f" | jq -R '{puzzle: {text: .}}' | jq -s . >"$tmp/req.json"
  # SolveBatch: one solverctl batch stream, the first n puzzles of the set.
  awk -v n="$n" '!/^[[:space:]]*(#|$)/ {print $1; if (++k >= n) exit}' "$f" >"$tmp/batch.txt"
  nb=$(wc -l <"$tmp/batch.txt")
  c0=$(cpu); t0=$(now); s0=$(steal)
  "$tmp/solverctl" batch --addr "$addr" --out /dev/null "$tmp/batch.txt" 2>"$tmp/batch.err"
  c1=$(cpu); t1=$(now); s1=$(steal)
  row "$set" SolveBatch "$nb" "$c0" "$c1" "$t0" "$t1" "$s0" "$s1"
  for rpc in Solve SolveSteps; do
    k=$n; [ "$rpc" = SolveSteps ] && k=$ns
    c0=$(cpu); t0=$(now); s0=$(steal)
    ghz --insecure --proto proto/sudoku/v1/sudoku.proto --import-paths proto \
      --call "sudoku.v1.SudokuService.$rpc" -D "$tmp/req.json" -c "$CONCURRENCY" -n "$k" --timeout 60s \
      -O json -o "$tmp/ghz.json" "$addr" 2>"$tmp/ghz.err"
    c1=$(cpu); t1=$(now); s1=$(steal)
    ok=$(jq '.statusCodeDistribution.OK // 0' "$tmp/ghz.json")
    [ "$ok" = "$k" ] || echo "  ($rpc: $ok of $k calls OK: $(jq -c .statusCodeDistribution "$tmp/ghz.json"))" >&2
    row "$set" "$rpc (c=$CONCURRENCY)" "$k" "$c0" "$c1" "$t0" "$t1" "$s0" "$s1"
  done
done
echo
echo "solverd: GOMAXPROCS=$PROCS, peak RSS $(rss) MiB; $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(go version | cut -d' ' -f3)"
