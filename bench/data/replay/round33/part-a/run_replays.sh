#!/bin/bash
# runs the default-range replay then the whole-history replay for one clone
n=$1
R=/work/blind/r33/part-a/raw
cd /work/blind/r33/clones/$n
s=$(date +%s)
timeout 900 /work/blind/il-final33 bench --suite replay --repo . --format json > $R/$n.replay.json 2> $R/$n.replay.err
echo "rc=$? seconds=$(( $(date +%s) - s ))" > $R/$n.replay.time
root=$(git rev-list --first-parent --max-parents=0 HEAD | tail -1)
echo "$n $root" >> $R/roots.txt
s=$(date +%s)
timeout 600 /work/blind/il-final33 bench --suite replay --repo . --range $root..HEAD --format json > $R/$n.whole.json 2> $R/$n.whole.err
echo "rc=$? seconds=$(( $(date +%s) - s ))" > $R/$n.whole.time
