#!/bin/bash
# one replay at a time; default range then whole range, 10-min cap on whole
R=/work/blind/r34/part-b/raw
C=/work/blind/r34/clones
for d in prose-pod-api a2j-kommunikationsplattform a2j-rechtsantragstelle tapir; do
  s=$(date +%s)
  timeout 1800 /work/blind/il-final34 bench --suite replay --repo $C/$d --format json > $R/$d.replay.json 2> $R/$d.replay.err
  echo "rc=$? seconds=$(( $(date +%s) - s ))" > $R/$d.replay.time
done
for d in prose-pod-api a2j-kommunikationsplattform a2j-rechtsantragstelle tapir; do
  root=$(cd $C/$d && git rev-list --first-parent --max-parents=0 HEAD | tail -1)
  echo "$d $root" >> $R/roots.txt
  s=$(date +%s)
  timeout 600 /work/blind/il-final34 bench --suite replay --repo $C/$d --range $root..HEAD --format json > $R/$d.whole.json 2> $R/$d.whole.err
  echo "rc=$? seconds=$(( $(date +%s) - s )) range=$root..HEAD" > $R/$d.whole.time
done
echo done > $R/replays.done
