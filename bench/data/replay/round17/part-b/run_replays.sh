#!/bin/bash
cd /work/blind/r17/clones
OUT=/work/blind/r17/part-b/raw
for n in bookit-api energy-comparison-table dialog weave-gitops; do
  s=$(date +%s); /work/blind/il-r17 bench --suite replay --repo $n --format json > $OUT/$n.replay.json 2> $OUT/$n.replay.stderr; rc=$?; e=$(date +%s)
  echo "$n default rc=$rc secs=$((e-s))" >> $OUT/timings.txt
done
for n in bookit-api energy-comparison-table dialog weave-gitops; do
  root=$(cd $n && git rev-list --max-parents=0 HEAD | head -1)
  s=$(date +%s); /work/blind/il-r17 bench --suite replay --repo $n --range $root..HEAD --format json > $OUT/$n.whole.json 2> $OUT/$n.whole.stderr; rc=$?; e=$(date +%s)
  echo "$n whole $root..HEAD rc=$rc secs=$((e-s))" >> $OUT/timings.txt
done
echo done >> $OUT/timings.txt
