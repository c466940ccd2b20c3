#!/bin/bash
# usage: replay.sh NAME [default|whole|both]
N=$1; W=${2:-both}; C=/work/blind/r23/clones/$N; R=/work/blind/r23/final-b/raw; IL=/work/blind/il-final23
cd $C || exit 1
if [ "$W" != whole ]; then
  { time $IL bench --suite replay --repo . --format json > $R/$N.replay.json 2> $R/$N.replay.err ; } 2> $R/$N.replay.time
fi
if [ "$W" != default ]; then
  ROOT=$(git rev-list --max-parents=0 HEAD | tail -1)
  { time timeout 900 $IL bench --suite replay --repo . --format json --range $ROOT..HEAD > $R/$N.whole.json 2> $R/$N.whole.err ; echo "exit $?" ; } 2> $R/$N.whole.time >> $R/$N.whole.time
fi
