import tomllib, subprocess, collections
M={"statechannels/go-nitro":"statechannels+go-nitro","cljdoc/cljdoc":"cljdoc+cljdoc","nulib/meadow":"nulib+meadow"}
ex=tomllib.load(open("example/rollkit__rollkit.toml","rb"))
keys=set(ex["task"][0].keys())
for f in ["statechannels__go-nitro.toml","cljdoc__cljdoc.toml","nulib__meadow.toml"]:
    d=tomllib.load(open(f,"rb")); r=d["repository"]
    assert set(r.keys())==set(ex["repository"].keys())
    g=f"/work/.mirror/{M[r['name']]}/repo"
    tree=set(subprocess.run(["git","--git-dir",g,"ls-tree","-r","--name-only",r["commit"]],capture_output=True,text=True).stdout.split("\n"))
    ids=[t["id"] for t in d["task"]]; assert len(ids)==len(set(ids))==12
    cnt=collections.Counter(); ns=0; nst=0
    for t in d["task"]:
        assert set(t.keys())==keys, t["id"]
        assert t["held_back"] is True
        assert 1<=len(t["expected"])<=3
        assert not set(t["expected"])&set(t["stale"])
        for p in t["expected"]+t["stale"]:
            assert p in tree, p
            assert p.startswith(r["adr_dir"]+"/")
        cnt.update(t["expected"]); ns+=bool(t["stale"]); nst+=len(t["stale"])
    assert max(cnt.values())<=3
    print(f, "tasks",len(ids),"expected refs",sum(cnt.values()),"distinct",len(cnt),"tasks w/ stale",ns,"stale refs",nst,"max use",max(cnt.values()))
