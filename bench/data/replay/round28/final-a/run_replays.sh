#!/bin/bash
IL=/work/blind/il-final28; R=/work/blind/r28/final-a/raw; C=/work/blind/r28/clones
for d in ground.zero.modular.graphql event-database-imports cluster-api-provider-azure ceph-csi; do
  s=$(date +%s)
  $IL bench --suite replay --repo $C/$d --format json > $R/$d.replay.json 2> $R/$d.replay.err
  echo "$d default rc=$? $(( $(date +%s)-s ))s" >> $R/timings.txt
done
for d in ground.zero.modular.graphql event-database-imports cluster-api-provider-azure ceph-csi; do
  root=$(git -C $C/$d rev-list --max-parents=0 HEAD | tail -1)
  s=$(date +%s)
  timeout 900 $IL bench --suite replay --repo $C/$d --range $root..HEAD --format json > $R/$d.whole.json 2> $R/$d.whole.err
  echo "$d whole root=$root rc=$? $(( $(date +%s)-s ))s" >> $R/timings.txt
done
