#!/bin/bash
# usage: run1.sh NAME  -- init, decisions, json
set -u
N=$1; C=/work/blind/r33/clones/$N; R=/work/blind/r33/part-b/raw; IL=/work/blind/il-final33
cd $C
$IL init > $R/$N.init.txt 2>&1
$IL decisions > $R/$N.decisions.txt 2>&1
echo "=== decisions --status proposed ===" >> $R/$N.decisions.txt
$IL decisions --status proposed >> $R/$N.decisions.txt 2>&1
$IL decisions --format json > $R/$N.decisions.json 2>$R/$N.decisions.json.err
