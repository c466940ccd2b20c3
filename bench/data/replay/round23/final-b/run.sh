#!/bin/bash
# usage: run.sh NAME  (clone at /work/blind/r23/clones/NAME)
N=$1; C=/work/blind/r23/clones/$N; R=/work/blind/r23/final-b/raw; IL=/work/blind/il-final23
cd $C || exit 1
{ time $IL decisions ; } > $R/$N.decisions.txt 2>&1
echo "=== decisions --status proposed ===" >> $R/$N.decisions.txt
$IL decisions --status proposed >> $R/$N.decisions.txt 2>&1
$IL decisions --format json > $R/$N.decisions.json 2>$R/$N.decisions.json.err
python3 - "$R/$N.decisions.json" > $R/$N.effect_ids.txt <<'PY'
import json,sys
d=json.load(open(sys.argv[1]))
recs=d.get('decisions') or d.get('records') or []
for r in recs:
    eff=r.get('effect') or r.get('effects')
    if eff: print(r.get('id'))
PY
: > $R/$N.explain.txt
for id in $(cat $R/$N.effect_ids.txt); do echo "===== explain $id =====" >> $R/$N.explain.txt; $IL explain $id >> $R/$N.explain.txt 2>&1; done
echo done-basic
