#!/bin/bash
# usage: replay.sh NAME [RANGE] [TIMEOUT] -- default or whole replay
N=$1; RANGE=${2:-}; TO=${3:-900}
C=/work/blind/r33/clones/$N; R=/work/blind/r33/part-b/raw; IL=/work/blind/il-final33
if [ -z "$RANGE" ]; then OUT=$R/$N.replay.json; ARGS=""; else OUT=$R/$N.whole.json; ARGS="--range $RANGE"; fi
S=$(date +%s)
timeout $TO $IL bench --suite replay --repo $C --format json $ARGS > $OUT 2> $OUT.err
RC=$?
E=$(date +%s)
echo "rc=$RC seconds=$((E-S)) range=${RANGE:-default} start=$(date -d @$S -u +%H:%M:%S)" > ${OUT%.json}.time
