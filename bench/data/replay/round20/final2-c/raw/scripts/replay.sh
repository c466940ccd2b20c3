#!/bin/sh
N="$1"; C=/work/blind/r20/clones/$N; R=/work/blind/r20/final2-c/raw; IL=/work/blind/il-final20b
cd "$C" || exit 1
s=$(date +%s)
$IL bench --suite replay --repo "$C" --format json > $R/$N.replay.json 2> $R/$N.replay.stderr
e=$(date +%s); echo "wall seconds: $((e-s))" >> $R/$N.replay.stderr
ROOT=$(git rev-list --max-parents=0 --first-parent HEAD | tail -1)
s=$(date +%s)
timeout 900 $IL bench --suite replay --repo "$C" --range "$ROOT..HEAD" --format json > $R/$N.whole.json 2> $R/$N.whole.stderr
rc=$?
e=$(date +%s); echo "range $ROOT..HEAD rc=$rc wall seconds: $((e-s))" >> $R/$N.whole.stderr
