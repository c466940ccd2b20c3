#!/bin/bash
R=/work/blind/r34/part-a/raw
while [ ! -f $R/rudder.replay.time ]; do sleep 5; done
run(){ n=$1; kind=$2; range=$3; lim=$4; cd /work/blind/r34/clones/$n; s=$(date +%s);
  if [ -n "$range" ]; then timeout $lim /work/blind/il-final34 bench --suite replay --repo . --range $range --format json > $R/$n.$kind.json 2> $R/$n.$kind.err;
  else timeout $lim /work/blind/il-final34 bench --suite replay --repo . --format json > $R/$n.$kind.json 2> $R/$n.$kind.err; fi
  echo "rc=$? secs=$(( $(date +%s)-s )) range=${range:-default}" > $R/$n.$kind.time; }
run jib replay "" 900
run cloud-foundation-fabric replay "" 900
run jib whole a293b919698dcc0fea868eeeae6763964341a260..HEAD 600
run cloud-foundation-fabric whole f2eba8c9b36899b751a5adb68e14454df791d841..HEAD 600
echo done > $R/queue.done
