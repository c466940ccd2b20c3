#!/bin/sh
# usage: run1.sh NAME  -- init, decisions, json, explain for every record with effect
N="$1"; C=/work/blind/r20/clones/$N; R=/work/blind/r20/final2-c/raw; IL=/work/blind/il-final20b
cd "$C" || exit 1
$IL init > $R/$N.init.txt 2>&1
{ $IL decisions; echo; echo "=== decisions --status proposed"; $IL decisions --status proposed; } > $R/$N.decisions.txt 2>&1
$IL decisions --format json > $R/$N.decisions.json 2>$R/$N.decisions.json.stderr
