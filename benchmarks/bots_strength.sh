#!/usr/bin/env bash
# Bot strength and speed: the runs of docs/bots.md's tables that the shipped bot plays (a
# variant's runs need its patched copy, see docs/bots.md). Issue 39's sittings first, then
# issue 23's rounds, newest first (benchmarks/strength.py: logged
# game by game, so a stopped run is resumed by the same command), then the older table's
# `abluxxen simulate` runs (issue 4; their default-budget rows were measured with
# the 0.45 s default of the time, so they now play at today's default instead).
# Many hours on 2 cores. Run from the repository root:
#   nohup bash benchmarks/bots_strength.sh > bots-strength.log 2>&1 &
set -u
abluxxen=${ABLUXXEN:-abluxxen}
python=${PYTHON:-python}
logs=${LOGS:-strength-logs}
mkdir -p "$logs"
run() {
  echo "== abluxxen simulate $*   (started $(date -u +%H:%M:%S) UTC)"
  start=$(date +%s)
  "$abluxxen" simulate "$@"
  echo "   finished after $(( $(date +%s) - start )) s"
}
strength() {
  local log=$1
  shift
  echo "== benchmarks/strength.py $* --log $logs/$log   (started $(date -u +%H:%M:%S) UTC)"
  start=$(date +%s)
  "$python" benchmarks/strength.py "$@" --log "$logs/$log"
  echo "   finished after $(( $(date +%s) - start )) s"
}
# Issue 39, eighth sitting: the rollout policy's four-player weights tuned by SPSA on the hard
# bot's own games (150 steps of 30 deals played twice; about 90 minutes on 2 cores), then its
# summary: the weights reached and the slope each weight showed. The sitting's patched copies
# (rollouts cut short, a paranoid tree, a quiet end, the weights reached) were paired with
# b2k.jsonl; see docs/bots.md.
"$python" benchmarks/spsa.py --seats hard,normal,normal,normal --steps 150 --batch 30 --think 2000 \
  --seed 31 --log "$logs/spsa4.jsonl" --jobs 2
# Issue 39, seventh sitting: the duel against greedy run on to 1,000 duels (the 500 of the lines
# below, resumed; against flat its 500 below are the sitting's), the bot as it was beside it on the
# same deals, and how often a player abluxxes a top layer it could. The four-player variants were
# patched copies paired with b2k.jsonl (below) under --sprt 0,4; see docs/bots.md.
strength hard_greedy2.jsonl --seats hard,greedy --games 1000 --seed 9
strength ref_greedy2.jsonl --seats reference,greedy --games 1000 --seed 9
"$python" benchmarks/agreement.py --players 4 --games 30
# Issue 39, sixth sitting: the duel against the easy bot (the new weights and the bot as it was,
# on the same deals) run on to 1,000 duels (the 200 of the lines below, resumed; the head-to-head
# below plays its 1,000 already); what a hint costs and how long the event loop waits during one.
strength ref_easy2.jsonl --seats reference,easy --games 1000 --seed 12
strength easy2.jsonl --seats hard,easy --games 1000 --seed 12
"$python" benchmarks/hint_lag.py --positions 20
"$python" benchmarks/hint_lag.py --positions 10 --python
# Issue 39, fifth sitting: the duel's rollout weights fitted to the hard bot's own choices (kept).
# `reference` is the bot as it was before them: its runs replay the references the new weights
# were paired with (made when it shipped: duel.jsonl, hard_greedy2.jsonl, hard_flat2.jsonl,
# easy2.jsonl below, which now play the bot with the new weights), and it meets the new bot head
# to head. The fit: the decisions logged with the weights of then, and the fit to them.
strength ref_duel.jsonl --seats reference,normal --games 1000 --seed 4
strength ref_greedy2.jsonl --seats reference,greedy --games 500 --seed 9
strength ref_flat2.jsonl --seats reference,flat --games 500 --seed 9
strength ref_easy2.jsonl --seats reference,easy --games 200 --seed 12
strength head2head.jsonl --seats hard,reference --games 1000 --seed 13
"$python" benchmarks/expert_fit.py --seats hard,normal --games 194 --seed 102 --reference --log "$logs/fit2.jsonl"
"$python" benchmarks/expert_fit.py --seats hard,normal --log "$logs/fit2.jsonl" --fit
"$python" benchmarks/expert_fit.py --seats hard,normal,normal,normal --games 322 --seed 101 --log "$logs/fit4.jsonl"
"$python" benchmarks/expert_fit.py --seats hard,normal,normal,normal --log "$logs/fit4.jsonl" --fit
# Issue 39, fourth sitting: the bot as shipped, the references the duel's every-play root (not
# kept) was paired with, beside duel.jsonl, hard_flat2.jsonl and hard_greedy2.jsonl further down.
strength easy2.jsonl --seats hard,easy --games 200 --seed 12
strength duel2k.jsonl --seats hard,normal --games 400 --seed 4 --think 2000
# Issue 39, third sitting: the duel's budget halved, the duel against the other styles, and
# the shape of the rollout policy's games beside normal bots' games.
strength duel8k.jsonl --seats hard,normal --games 1000 --seed 4 --think 8000
strength hard_greedy2.jsonl --seats hard,greedy --games 500 --seed 9
strength hard_flat2.jsonl --seats hard,flat --games 500 --seed 9
strength flat_normal2.jsonl --seats flat,normal --games 300 --seed 4
"$python" benchmarks/agreement.py --players 4 --games 100
"$python" benchmarks/agreement.py --players 2 --games 100
# Issue 39, first and second sittings: the screening budget (2,000 iterations, paired with
# hard4.jsonl, the same games as base4.jsonl in docs/bots.md), and the opponents of other styles
# (benchmarks/styles.py).
strength b2k.jsonl --seats hard,normal,normal,normal --games 1000 --seed 6 --think 2000
strength flat4.jsonl --seats flat,normal,normal,normal --games 600 --seed 6
strength greedy_normal4.jsonl --seats greedy,normal,normal,normal --games 300 --seed 8
strength hard_greedy4.jsonl --seats hard,greedy,greedy,greedy --games 300 --seed 7
strength duel24k.jsonl --seats hard,normal --games 1000 --seed 4 --think 24000
# Issue 23, fourth round: the default budget with the compiled search (8,000 iterations,
# 16,000 in the duel; inference with 3+ players), and the perfect-information bound.
strength hard4.jsonl --seats hard,normal,normal,normal --games 1000 --seed 6
strength duel.jsonl --seats hard,normal --games 1000 --seed 4
strength easy4.jsonl --seats hard,easy,easy,easy --games 1000 --seed 1
strength perfect4.jsonl --seats perfect,normal,normal,normal --games 300 --seed 6
"$python" benchmarks/strength.py --seats perfect,normal,normal,normal --games 300 --seed 6 \
  --log "$logs/perfect4.jsonl" --summary --paired "$logs/hard4.jsonl"
# Issue 23, fourth round: how strength grows with the budget (same deals, paired).
strength e4_1000.jsonl --seats hard,normal,normal,normal --games 200 --seed 41 --think 1000
strength e4_8000.jsonl --seats hard,normal,normal,normal --games 200 --seed 41 --think 8000
strength h4_16000.jsonl --seats hard,normal,normal,normal --games 300 --seed 6 --think 16000
strength f2_2000.jsonl --seats hard,normal --games 300 --seed 43 --think 2000
strength f2_8000.jsonl --seats hard,normal --games 300 --seed 43 --think 8000
strength f2_16000.jsonl --seats hard,normal --games 200 --seed 43 --think 16000
# The rows below are earlier rounds' runs: replayed with today's code they give
# today's figures at those settings, not the figures docs/bots.md quotes for the
# code of the time.
# Issue 23: the ideas at 48 iterations, and the perfect-information bound.
strength hard48.jsonl --seats hard,normal,normal,normal --games 400 --seed 21 --think 48
strength perfect48.jsonl --seats perfect,normal,normal,normal --games 400 --seed 21 --think 48
"$python" benchmarks/strength.py --seats hard,normal,normal,normal --games 400 --seed 21 --think 48 \
  --log "$logs/hard48.jsonl" --summary --paired "$logs/perfect48.jsonl"
# Issue 23, second round: the baselines the variants were paired against.
strength b4.jsonl --seats hard,normal,normal,normal --games 1000 --seed 21 --think 48
strength b2.jsonl --seats hard,normal --games 1000 --seed 31 --think 48
strength b2_200.jsonl --seats hard,normal --games 400 --seed 31 --think 200
# Issue 23, third round: the duel with perfect information, and with more search.
strength p2_200.jsonl --seats perfect,normal --games 400 --seed 31 --think 200
strength p2_2000.jsonl --seats perfect,normal --games 400 --seed 31 --think 2000
strength h2_2000.jsonl --seats hard,normal --games 400 --seed 31 --think 2000
"$python" benchmarks/strength.py --seats perfect,normal --games 400 --seed 31 --think 200 \
  --log "$logs/p2_200.jsonl" --summary --paired "$logs/b2_200.jsonl"
# Issue 4.
run --seats normal,easy,easy,easy --games 1000 --variant base --seed 1 --jobs 2
run --seats hard,normal --games 1000 --variant base --seed 1 --jobs 2 --think 48
run --seats hard,normal,normal,normal --games 1000 --variant base --seed 1 --jobs 2 --think 48
run --seats hard,normal,normal,normal --games 1000 --variant base --seed 6 --jobs 2
run --seats hard,normal,normal,normal --games 200 --variant base --seed 7 --jobs 2
run --seats hard,normal --games 200 --variant base --seed 4 --jobs 2
