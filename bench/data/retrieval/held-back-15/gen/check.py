import tomllib, subprocess, sys, collections
files = {"ElektraInitiative__PermaplanT.toml":"/work/.mirror/ElektraInitiative+PermaplanT/repo",
         "OpenAssetIO__OpenAssetIO.toml":"/work/.mirror/OpenAssetIO+OpenAssetIO/repo"}
extra = sys.argv[1:]
for e in extra:
    f,g = e.split("=",1); files[f]=g
keys = {"id","text","expected","stale","held_back","why"}
for f,g in files.items():
    d = tomllib.load(open(f,"rb"))
    c = d["repository"]["commit"]
    tree = set(subprocess.run(["git","--git-dir="+g,"ls-tree","-r","--name-only",c],capture_output=True,text=True).stdout.split("\n"))
    ids=set(); cnt=collections.Counter(); nst=0; nsr=0; nex=0
    for t in d["task"]:
        assert set(t)==keys, (t["id"], set(t)^keys)
        assert t["id"] not in ids; ids.add(t["id"])
        assert t["held_back"] is True
        assert 1<=len(t["expected"])<=3, t["id"]
        assert not set(t["expected"])&set(t["stale"]), t["id"]
        for p in t["expected"]+t["stale"]:
            assert p in tree, (t["id"],p)
            assert p.startswith(d["repository"]["adr_dir"]+"/")
        cnt.update(t["expected"]); nex+=len(t["expected"])
        if t["stale"]: nst+=1; nsr+=len(t["stale"])
    over=[k for k,v in cnt.items() if v>3]
    print(f, "tasks",len(d["task"]),"expected refs",nex,"distinct",len(cnt),"with stale",nst,"stale refs",nsr,"over3",over)
    print("  max use", cnt.most_common(3))
