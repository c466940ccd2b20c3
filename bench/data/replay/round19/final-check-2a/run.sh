#!/bin/bash
# run.sh NAME : init, decisions, json, explain for effect records
N=$1; C=/work/blind/r19/clones/$N; R=/work/blind/r19/final2-a/raw; IL=/work/blind/il-final19b
cd $C || exit 1
$IL init > $R/$N.init.txt 2>&1
cp .intentlint.toml $R/$N.intentlint.toml 2>/dev/null
$IL decisions > $R/$N.decisions.txt 2>&1
echo "=== decisions --status proposed ===" >> $R/$N.decisions.txt
$IL decisions --status proposed >> $R/$N.decisions.txt 2>&1
$IL decisions --format json > $R/$N.decisions.json 2>$R/$N.decisions.json.err
