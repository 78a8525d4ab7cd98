#!/usr/bin/env bash
# Bot strength and speed (issue 4): every run in the main table of docs/bots.md,
# in its order. About three and a half hours on 2 cores; nothing else should run
# meanwhile, since the hard bot's default budget is a time budget.
# Run from the repository root:
#   nohup bash benchmarks/bots_strength.sh > bots-strength.log 2>&1 &
set -u
abluxxen=${ABLUXXEN:-abluxxen}
run() {
  echo "== abluxxen simulate $*   (started $(date -u +%H:%M:%S) UTC)"
  start=$(date +%s)
  "$abluxxen" simulate "$@"
  echo "   finished after $(( $(date +%s) - start )) s"
}
run --seats normal,easy,easy,easy --games 1000 --variant base --seed 1 --jobs 2
run --seats hard,normal --games 1000 --variant base --seed 1 --jobs 2 --think 48
run --seats hard,normal,normal,normal --games 1000 --variant base --seed 1 --jobs 2 --think 48
run --seats hard,normal,normal,normal --games 1000 --variant base --seed 6 --jobs 2
run --seats hard,normal,normal,normal --games 200 --variant base --seed 7 --jobs 2
run --seats hard,normal --games 200 --variant base --seed 4 --jobs 2
