#!/bin/bash
cd /work/blind/r25/clones
for d in ai-gateway cronos vstest opentelemetry-collector; do
  root=$(git -C $d rev-list --first-parent HEAD | tail -1)
  s=$(date +%s)
  timeout 600 /work/blind/il-final25 bench --suite replay --repo $d --range $root..HEAD --format json > /work/blind/r25/final-a/raw/$d.whole.json 2>/work/blind/r25/final-a/raw/$d.whole.err
  rc=$?
  echo "$d range=$root..HEAD rc=$rc seconds=$(( $(date +%s)-s ))" >> /work/blind/r25/final-a/raw/whole-times.txt
done
