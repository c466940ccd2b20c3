#!/bin/bash
O=/work/blind/round14/partB/raw
for N in usdr-gost fhir-server elsa-core qae; do
  R=/tmp/r14/$N
  root=$(git -C $R rev-list --first-parent HEAD | tail -1)
  s=$(date +%s.%N)
  PYTHONPATH=/work/wt-r14 /work/main/.venv/bin/python -m intentlint bench --suite replay --repo $R --range $root..HEAD --format json > $O/$N.long.json 2> $O/$N.long.stderr
  rc=$?; e=$(date +%s.%N)
  printf 'bench --suite replay --range %s..HEAD (whole first-parent history) --format json\twall %.1f s\texit %d\n' "$root" "$(echo "$e - $s" | bc)" "$rc" >> $O/$N.times
  [ -s $O/$N.long.stderr ] || rm -f $O/$N.long.stderr
done
echo LONGDONE
