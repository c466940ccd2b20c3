#!/bin/bash
R=/work/blind/r35/part-c/raw
for r in LogLady opni harvester; do
  cd /work/blind/r35/clones/$r
  ROOT=$(git rev-list --max-parents=0 --first-parent HEAD | tail -1); echo "$r $ROOT" >> $R/roots.txt
  s=$(date +%s); timeout 600 /work/blind/il-final35 bench --suite replay --repo . --range $ROOT..HEAD --format json > $R/$r.whole.json 2> $R/$r.whole.err; echo "rc=$? seconds=$(( $(date +%s)-s ))" > $R/$r.whole.time
done
