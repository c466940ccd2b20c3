#!/bin/bash
IL=/work/blind/il-final36; R=/work/blind/r36/part-b/raw
cd /work/blind/r36/clones
for d in scholarsphere fms-guardrails-orchestrator caikit fairspace; do
  ( cd $d
    s=$(date +%s); timeout 900 $IL bench --suite replay --repo . --format json > $R/$d.replay.json 2> $R/$d.replay.err; rc=$?
    echo "rc=$rc seconds=$(( $(date +%s) - s ))" > $R/$d.replay.time )
done
for d in scholarsphere fms-guardrails-orchestrator caikit fairspace; do
  ( cd $d
    root=$(git rev-list --first-parent --max-parents=0 HEAD | tail -1)
    echo "$d $root" >> $R/roots.txt
    s=$(date +%s); timeout 600 $IL bench --suite replay --repo . --range $root..HEAD --format json > $R/$d.whole.json 2> $R/$d.whole.err; rc=$?
    echo "rc=$rc seconds=$(( $(date +%s) - s )) range=$root..HEAD" > $R/$d.whole.time )
done
echo ALLDONE > $R/replays.done
