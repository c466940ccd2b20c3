#!/bin/bash
# explain every record with an effect, plus superseded/needs-confirmation/drifting ones and proposed commit ones
N=$1; C=/work/blind/r33/clones/$N; R=/work/blind/r33/part-b/raw; IL=/work/blind/il-final33
cd $C
IDS=$(python3 - <<PY
import json
d=json.load(open('$R/$N.decisions.json'))
ids=[]
for r in d['decisions']:
    if r.get('effect') or r['status'] in ('superseded','inactive') or r.get('needs_confirmation') or (r.get('evidence') and isinstance(r['evidence'],dict) and r['evidence'].get('trend') not in (None,'followed')) or r.get('held_back'):
        ids.append(r['id'])
print(' '.join(ids))
PY
)
: > $R/$N.explain.txt
for i in $IDS $EXTRA; do echo "=================== explain $i" >> $R/$N.explain.txt; $IL explain $i >> $R/$N.explain.txt 2>&1; done
echo "$IDS"
