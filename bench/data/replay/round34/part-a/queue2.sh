#!/bin/bash
R=/work/blind/r34/part-a/raw
while [ ! -f $R/queue.done ]; do sleep 5; done
cd /work/blind/r34/clones/rudder; s=$(date +%s)
timeout 600 /work/blind/il-final34 bench --suite replay --repo . --range 591cb02a010743242a33e182f95a57f251821023..HEAD --format json > $R/rudder.whole.json 2> $R/rudder.whole.err
echo "rc=$? secs=$(( $(date +%s)-s )) range=591cb02a01..HEAD (stopped at 600 s if rc=124)" > $R/rudder.whole.time
echo done > $R/queue2.done
