#!/bin/sh
N="$1"; C=/work/blind/r20/clones/$N; R=/work/blind/r20/final2-c/raw; IL=/work/blind/il-final20b
cd "$C" || exit 1
python3 - "$R/$N.decisions.json" > $R/$N.ids.txt <<'PY'
import json,sys
d=json.load(open(sys.argv[1]))
for r in d['decisions']:
    if r.get('effect'): print(r['id'])
PY
: > $R/$N.explain.txt
for id in $(cat $R/$N.ids.txt); do echo "===== explain $id" >> $R/$N.explain.txt; $IL explain "$id" >> $R/$N.explain.txt 2>&1; echo >> $R/$N.explain.txt; done
wc -l $R/$N.ids.txt
