import sys; sys.path.insert(0, "/work/blind/ret14/gen")
from gen import dump
import subprocess
g="/work/.mirror/cljdoc+cljdoc/repo"
files = subprocess.run(["git","--git-dir",g,"ls-tree","--name-only","HEAD","doc/adr/"],capture_output=True,text=True).stdout.split()
A = {f.split("/")[-1][:4]: f.split("/")[-1] for f in files}
def a(*ks): return [A[k] for k in ks]
tasks = [
 dict(text="Library authors want to arrange their guides into nested sections from a config file in their repository, including entries that point at one section of a long AsciiDoc file. Extend what we read from the repository and how the article sidebar is built from it.",
      expected=a("0007"),
      why="0007 (Accepted): articles are described by hiccup-style trees under :cljdoc.doc/tree, read from the project's Git repository or derived from it, and it already sketches `file.adoc#section` entries (src/cljdoc/doc_tree.clj, analysis/git.clj, spec/docset.clj)"),
 dict(text="Redesign the version picker and the namespace sidebar. Contributors keep adding new component-style CSS classes that end up breaking other pages - decide how the new styling should be written.",
      expected=a("0011"),
      why="0011 (Accepted): styling uses atomic, immutable Tachyons utility classes composed in markup, not reusable component classes that get edited later (resources/public/tachyons.css; hiccup such as :div.mw7.center.pv4 throughout src/cljdoc/render)"),
 dict(text="Analysis now extracts the clojure.spec definitions attached to each var. Persist them next to the var so API pages can show them and so we can query which libraries use specs.",
      expected=a("0013"), stale=a("0003"),
      why="0013 (Accepted): storage is SQLite with nippy-serialized blobs plus real columns for fields used in queries or uniqueness (storage/sqlite_impl.clj, resources/migrations/004-add-grimoire-style-tables); 0003 chose a Grimoire filesystem store, which 0013 moved away from - lib-grimoire is not a dependency any more"),
 dict(text="Show GitHub stars and Clojars download counts on each library page, refreshed about once a day, without a network call on every page view and without losing the values when the server restarts.",
      expected=a("0018"), stale=a("0006"),
      why="0018 (Proposed, built): memoized fetchers backed by a persistent SQLite cache with a per-item TTL (util/sqlite_cache.clj, memo-sqlite in server/system.clj, core.memoize in deps.edn); 0006 ruled out caches for version/artifact indexes because the Grimoire store was not available where docs were built - a constraint that disappeared with the single SQLite store of 0013"),
 dict(text="Library search should also find libraries that are only published to Maven Central under more group ids, rank widely used libraries higher, and not depend on the package registry's own search being up.",
      expected=a("0019"),
      why="0019 (Proposed, built): cljdoc keeps its own Lucene index fed from the Clojars artifact list and selected Maven Central groups (server/search/search.clj, clojars.clj, maven_central.clj; lucene-core in deps.edn)"),
 dict(text="After a server restart, documentation builds that were waiting on the remote analysis job stay stuck in the analyzing state. Make the wait survive restarts, while still keeping untrusted library code out of the web server's process.",
      expected=a("0016","0008"),
      why="0016: the analysis service exposes a blocking wait that polls the CircleCI build every 5 seconds instead of receiving webhooks, and it names state loss on restart as unsolved (analysis/service.clj poll-circle-ci-build, Thread/sleep 5000); 0008: untrusted jars are analysed in CircleCI as the sandbox, with a Local service for development"),
 dict(text="A change to how docstrings are turned into HTML should show up on every existing library page without rebuilding anything. A contributor suggests instead writing every page out to object storage behind a CDN for speed.",
      expected=a("0012"),
      why="0012 (Accepted): pages are rendered on request from stored data instead of being pre-built to S3, precisely so that rendering changes apply to all docs at once (src/cljdoc/render/*, pedestal routes /d/:group-id/:artifact-id/:version/...)"),
 dict(text="Let library authors attach runnable usage examples to individual functions from their own repository, and also accept community-written examples for a library kept in one shared repository and tied to version ranges.",
      expected=a("0015"), stale=a("0014"),
      why="0015 (Accepted) decided not to ship examples so authors need do no extra work - no examples table, migration or UI exists at HEAD; 0014 is the abandoned design (YAML front matter, community-examples repository, version ranges) and is marked Superseded by 0015"),
 dict(text="Releases should go live without dropped requests: start the new server version next to the old one, send traffic to it only after it passes health checks, then retire the old one - and keep this working on the new hosting provider.",
      expected=a("0017","0021"),
      why="0017 (Accepted): canary deploys with Nomad and Traefik (ops/exoscale/deploy, cljdoc.jobspec.edn, ops/nomad.clj); 0021 (Exploring, carried out): the Exoscale move keeps traefik/nomad/consul and deploys from CircleCI through ssh port forwarding"),
 dict(text="Add a separate object-storage bucket and a staging compute instance, declared next to the existing hosting setup, and describe how team members apply such changes.",
      expected=a("0010","0021"),
      why="0010 (Accepted): infrastructure is declared in Terraform (ops/exoscale/infrastructure/*.tf); 0021: Exoscale provider, compute/dns/firewall/bucket modules, secrets.tfvars kept out of version control and Terraform state not yet shared"),
 dict(text="Dash and other offline readers want one download per library version that contains every namespace and var. Change what that download contains and how it is produced.",
      expected=a("0013","0012"), stale=a("0005"),
      why="the offline download is produced on request from the SQLite store (0013) by the same on-request rendering as the site (0012): /download route, cli offline-docset, docset.clj; 0005's per-artifact transit 'cache bundle' files regenerated beside Grimoire no longer exist - only the {:cache-id :cache-contents} ::docset spec survives in spec.cljc"),
 dict(text="Library authors who preview their documentation on a locally running instance see broken links to images and source files in their repository. Make that preview match what the public site will show.",
      expected=a("0020"),
      why="0020 (Proposed, applied as documentation): rather than rewriting links, authors import from a pushed branch on their hosted repository so links resolve as in production (doc/running-cljdoc-locally-author.adoc 'Commit/Push Library Changes')"),
]
dump("/work/blind/ret14/cljdoc__cljdoc.toml", "cljdoc/cljdoc", "d40c9acb04c00625c7418821788dc933df4a869b", "doc/adr", "cljdoc", tasks)
