#!/bin/bash
R=/work/blind/r35/part-c/raw
s=$(date +%s); while kill -0 20373 2>/dev/null; do sleep 5; done; echo "finished; runner A saw it end $(( $(date +%s)-s ))s after 15:18 (started ~15:17:50)" > $R/opni.replay.time
cd /work/blind/r35/clones/harvester
s=$(date +%s); timeout 1200 /work/blind/il-final35 bench --suite replay --repo . --format json > $R/harvester.replay.json 2> $R/harvester.replay.err; echo "rc=$? seconds=$(( $(date +%s)-s ))" > $R/harvester.replay.time
