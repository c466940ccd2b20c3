"""Dependency decisions: the packages a record adopts, drops, swaps or rules out.

A name counts only when it is *grounded*: a package one of the repository's manifests
declares, or a prose name of the bundled alias table ("React Testing Library" →
npm `@testing-library/react`). What the sentence does with it is polarity's answer, the
same grammar the prose reader uses for every other effect ("instead of", "replace … with",
"from … to", "no more", negation), plus the verbs that drop a dependency outright ("remove
Moment.js", "deprecate Enzyme"), which a commit would use to describe work but a decision
record uses to decide. Each package becomes its own effect, `dependency:ECOSYSTEM:NAME =
used | avoided | rejected`, so supersession works per package: "Drop Elasticsearch"
supersedes "Search runs on Elasticsearch", and re-adopting a dropped package supersedes the
drop.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import pairwise

from intentlint.ground.bounds import MAX_SENTENCE, cut, cut_note
from intentlint.ground.manifests import GO_MAJOR, manager_lockfile, module_line, normalise
from intentlint.ground.packages import ANY, AVOIDED, REJECTED, USED, Package, in_family, is_family
from intentlint.reading import cues
from intentlint.reading.pack_files import stopwords
from intentlint.reading.polarity import Polarity, clause_of, clauses, judge_value

_TOKEN = re.compile(r"[A-Za-z0-9@][\w@./+#-]*")
_PROSE_NAME = re.compile(r"[A-Z][\w.+#-]*")
_DROP_BEFORE = cues.rx(
    r"\b(?:remov(?:e|es|ed|ing)|drop(?:s|ped|ping)?|retir(?:e|es|ed|ing)|deprecat(?:e|es|ed|ing)"
    r"|phas(?:e|es|ed|ing) out|get(?:ting)? rid of|stop(?:s|ped)? using|sunset(?:s|ting)?"
    r"|eliminat(?:e|es|ed|ing)|uninstall(?:s|ed|ing)?|no longer use)\s+"
    r"(?:(?:the|our|any|all|both|its|their|use of|usage of|uses of|dependency on|dependencies on"
    r"|support for|calls to|references to|imports of)\s+)*$")
_ONE_USE_BEFORE = re.compile(r"\b(?:use|usage|uses)\s+of\s+$|\breliance\s+on\s+$",
                             re.IGNORECASE)
_FOR_ONE_USE = re.compile(r"^[`'\"*_\]]*\s+(?:for|in)\s+(?!(?:now|good|ever|all|any|every"
                          r"|everything|the\s+time\s+being)\b)(?:the\s+|our\s+|its\s+)?[a-z]",
                          re.IGNORECASE)
# "We will get rid of the Swagger UI route (and therefore `utoipa-swagger-ui`)" (prose-im/
# prose-pod-api, round 34): what a drop takes with it, in brackets after its object.
_DROPPED_WITH = re.compile(
    r"\b(?:remov(?:e|es|ed|ing)|drop(?:s|ped|ping)?|get(?:ting)? rid of|retir(?:e|es|ed|ing)"
    r"|eliminat(?:e|es|ed|ing))\s+(?:[\w\[\]-]+\s+){1,4}\(\s*(?:and\s+)?(?:therefore|thus|so"
    r"|hence|with\s+it|along\s+with\s+it)\s+[`'\"*_\[]*$", re.IGNORECASE)
_REPLACEMENT_FOR = re.compile(r"\b(?:(?:as\s+)?an?\s+(?:drop-in\s+)?replacement\s+for|in\s+place"
                              r"\s+of|to\s+replace)\s+(?:(?:the|our|its)\s+)?[`'\"]?$",
                              re.IGNORECASE)
# A later item of a list a swap or a drop governs: "replace database/sql *and* sqlx with
# pgx", "migrate from Ava/Sinon/*NYC* to Jest", "remove A, B and *C*" (the first item is
# the cue's own object, judged as any term is).
_LISTED_LEFT = cues.rx(
    r"\b(?:replac(?:e|es|ing)|swap(?:s|ped|ping)?|(?:migrat|mov|switch)\w*\s+(?:away\s+)?from"
    r"|remov(?:e|es|ed|ing)|drop(?:s|ped|ping)?|retir(?:e|es|ed|ing)|phas(?:e|ed|ing)\s+out)\s+"
    + cues.FILLER + r"(?:[`'\"*_]*[\w.-]+(?:/[\w.-]+)*[`'\"*_]*(?:\s+[\w.-]+)?"
    r"(?:\s*[,/]\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)" + cues.FILLER + r"){1,4}$")
_OR = re.compile(r"\b(?:or|nor|either)\b", re.IGNORECASE)
# The reason a clause gives: a name in it is why, not what ("we keep the old jobs, because
# Flyway is slow").
# ... and ", as Cypress, Puppeteer and Sauce Labs all had drawbacks" (GoogleCloudPlatform/
# emblem, round 34): "as" opening a clause of its own after a comma
_REASON = cues.rx(r"\b(?:because|since)\b(?!\s+of\b)|(?:,\s*|^\W*)as\s+(?:it|they|we|this|that)\b"
                  r"|,\s*as\s+(?!(?:well|an?|the|part|such|of|per|long|soon|much|many|far|if|though"
                  r"|described|needed|required|shown|noted|mentioned|before|usual)\b)[^.;:,(]{0,60}"
                  r"(?:,[^.;:,(]{0,40}){0,3}\s(?:all\s+|each\s+|both\s+)?(?:had|have|has|lack\w*"
                  r"|cannot|can't|don't|doesn't|didn't|were|are|is|was)\b")
_CONSIDERED = cues.rx(r"\b(?:consider(?:ed|ing)?|evaluat(?:ed|ing)|looked at|compar(?:ed|ing)"
                      r"|alternatives?|options?|candidates?|tried|assessed)\b")
_WORKS_WITH = re.compile(r"\b(?:compatib\w*|works?\s+with|interoperat\w*)\b", re.IGNORECASE)
_FEATURE_OF = re.compile(r"\b(?:feature|part|component|capabilit(?:y|ies)|functionality)s?"
                         r"\s+of\s+(?:the\s+)?$", re.IGNORECASE)
_POSSESSIVE = re.compile(r"^(?:\s+[a-z]\w*)?(?:'s?|’s?)(?:\s|$)")  # "Prometheus website's menu"
# The project's own code in a language or format, not the package of that name: "get rid of
# custom SCSS that is not needed", "our own Redux-like store".
_OWN_BEFORE = re.compile(r"\b(?:custom|in-house|home-?grown|hand-?written|(?:our|its|their)"
                         r"\s+own)\s+$", re.IGNORECASE)
# A name that is also a file format's, before a word for what is written in that format:
# "Remove all SCSS imports in components", "Delete SCSS files", "CSS variables instead of
# SCSS variables", "stop using YAML files" are about the project's files, not the package
# that compiles or parses them (openedx/paragon, round 35: a 2022 commit swapping libsass for
# Dart Sass was blocked by the first).
_FORMATS = frozenset(
    "scss sass less css yaml yml json json5 toml xml graphql markdown html".split())
_FORMAT_ARTIFACT_AFTER = re.compile(r"[ \t]+(?:files?|imports?|partials?|stylesheets?|sheets?"
                                    r"|variables?|mixins?|modules?|sources?|syntax|code"
                                    r"|definitions?|schemas?|documents?)\b", re.IGNORECASE)
# Bold marks a name where it opens a line or a list item ("- **Vite** as our bundler"); in
# running prose it is emphasis ("the fields will be **immutable**").
_OPENS_LINE = re.compile(r"(?:^|\n)[ \t]*(?:(?:[-*+]|\d{1,2}[.)])[ \t]+)?\*\*$")
# A path into a package's API, not the package chosen: `toml::Value::String`.
_API_PATH = re.compile(r"^::\w")
# "via Deno's `npm:` specifier", "`npm:mongodb`": a name with a colon right after it is the
# prefix of a specifier, not a package (raaymax/quack, round 21's blind check).
_SCHEME_AFTER = re.compile(r"^:(?!:)[^\s]")
_OPEN, _CLOSE, _CLOSE_PAREN, _WORD = (cues.NAME_OPEN, cues.NAME_CLOSE, cues.NAME_CLOSE_PAREN,
                                      cues.NAME_WORD)
_CONDITION = re.compile(r"\b(?:unless|except (?:when|where|if)|in some cases|if needed"
                        r"|where needed|when needed"
                        # a consequence: "otherwise the component will not work with X"
                        r"|otherwise|or else)\b", re.IGNORECASE)
# ... but a ban's way out is still a ban: "with React Testing Library and not Enzyme unless
# there is an urgent and critical reason" (jeremyckahn/farmhand's ADR 1, the twelfth held-back
# set), "unless absolutely necessary": what a waiver is for.
_ESCAPE = re.compile(r"\bunless\s+(?:there\s+(?:is|are)\s+|we\s+have\s+)?(?:an?\s+)?"
                     r"(?:[\w-]+\s+(?:and\s+|or\s+)?){0,3}(?:reasons?|justification|exception)\b"
                     r"|\bunless\s+(?:absolutely|strictly|really)\s+(?:necessary|needed|required)\b",
                     re.IGNORECASE)
_RULED_OUT = cues.rx(r"\b(?:ruled out|must not|never|forbidden|not allowed|banned)\b")
# The verbs after which a capitalised word names what is adopted or dropped: used to list
# names nothing grounds, never to bind them.
# A verb whose object is a package: an ordinary word written right after it names one
# ("use viper", "drop moment").
_VERB_BEFORE = re.compile(r"\b(?:use|using|utili[sz](?:e|ing)|adopt|adopting|replace|remove"
                          r"|drop|retire"
                          r"|deprecate|introduce|choose|chose|add|adding|install"
                          r"|prefer|preferring|instead\s+of|rather\s+than)\s+[`*_]*$",
                          re.IGNORECASE)
# Between two names of one list: "pgx and scany", "Jest, Sinon or Ava".
_LIST_GOES_ON = re.compile(rf"{_CLOSE_PAREN}\s*(?:,\s*(?:(?:and|or)\s+)?|\s(?:and|or|&)\s+)"
                           r"[`'\"*_\[(]*")
# An item of a list of choices that opens with a name and says what it is for names it, as
# a title does: "* **chi for routing**", "- pgx as database driver".
_ITS_USE = re.compile(r"\s+(?:for|as)\s+\w", re.IGNORECASE)
# A short form written in capitals is an acronym for a concept ("UUID", "JWT"), not the one
# package whose name it shortens to.
_ACRONYM = re.compile(r"[A-Z][A-Z0-9]+")
# A negated relation to a name is independence from it, not a ban: "not tied to our Flask
# framework", "not specific to Django".
_RELATION = re.compile(r"\b(?:tied|coupled|specific|bound|limited|restricted|locked|dependent"
                       r"|dependant|married)\s+(?:to|into|on)\s+(?:\w+\s+){0,3}$", re.IGNORECASE)
# A negation of a change to a name, or of what it does, bans nothing: "No Prometheus change
# is required", "without changing Prometheus itself", "not needed by Prometheus".
_CHANGED_BEFORE = re.compile(r"\b(?:chang|modif|touch|patch|fork|edit|upgrad)\w*\s+(?:to\s+|of\s+|"
                             r"in\s+)?(?:the\s+|our\s+|its\s+)?$", re.IGNORECASE)
# "without requiring the full DRF machinery": not needed there, not banned.
_NOT_NEEDING_BEFORE = re.compile(r"\bwithout\s+(?:requir|need)\w*\s+(?:the\s+|a\s+|any\s+)?"
                                 r"(?:full\s+|whole\s+|entire\s+)?$", re.IGNORECASE)
_AGENT_BEFORE = re.compile(r"\bby\s+(?:the\s+)?$", re.IGNORECASE)
# "Botkube does not need to know how `kubectl` works" (kubeshop/botkube, round 27): what a
# part need not know or care about is delegated, not banned.
_NOT_KNOWING_BEFORE = re.compile(r"\b(?:know|understand|care|worry|aware)\w*\s+(?:\w+\s+)?"
                                 r"(?:how|what|about|of|whether|which|that)\s+(?:the\s+|an?\s+)?"
                                 r"[`'\"*_\[]*$", re.IGNORECASE)
_NO_LONGER = re.compile(r"\bno longer\b|\bany ?more\b", re.IGNORECASE)  # "no longer run by X"
_CHANGE_AFTER = re.compile(r"^\s+(?:\w+\s+)?(?:changes?|modifications?|patch(?:es)?|edits?"
                           r"|upgrades?|updates?)\b", re.IGNORECASE)
# "All of the goals are easily possible using grpc middlewares": a way it could be done.
_POSSIBLE_WITH = re.compile(r"\b(?:possible|feasible|doable|achievable)\s+(?:\w+\s+)?"
                            r"(?:using|with|via|through|by)\b[^.;:]{0,40}$", re.IGNORECASE)
# "PostgreSQL only", "only PostgreSQL", "only use PostgreSQL": "only" next to the name.
_ONLY_AFTER = re.compile(r"\W*only\b", re.IGNORECASE)
_ONLY_BEFORE = re.compile(r"\bonly\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
# "the required Prometheus api endpoints": a participle after an article describes a noun.
_ADJECTIVE_CUE = re.compile(r"\b(?:the|a|an|all|any|every|each)\s+(?:\w+\s+)?"
                            r"(?:required|preferred|chosen|allowed|needed)\s+(?:[\w-]+\s+)?$",
                            re.IGNORECASE)
# A name in the purpose, the place or the provider of a choice whose object came first: "Use
# Remix as the meta framework *for React*", "Use RVF for forms *in React*", "using the upgrade
# provided *by Azure*". ("Use JUnit 5 *with* AssertJ" adopts both: "with" joins choices.)
_PURPOSE_AFTER_OBJECT = re.compile(
    r"\b(?:use|using|utili[sz](?:e|ing)|adopt\w*|choos\w*|chose|chosen(?!\s+option)"
    r"|pick\w*|select\w*"
    r"|introduc\w*|went with"
    r"|go(?:es|ing)? with|settled? (?:on|upon)|decided on)\s+"
    r"(?!(?:for|in|on|by)\b)[^\s,;:]+.*?\s(?:for|in|on|within|via|through|by"
    r"|to(?!\s+(?:replac|swap|substitut)))\s+(?:[\w-]+\s+){0,3}$",
    re.IGNORECASE)
# "Use for services with static API key/token auth: GitHub API, OpenAI, Anthropic direct API"
# (fullsend-ai/fullsend's ADR 25, round 38): a use with no object named, then what it serves.
# Not a span of time: "Cronos will be using for the time being a forked version of ibc-go"
# (crypto-org-chain/cronos's ADR 2) uses it.
_PURPOSE_NO_OBJECT = re.compile(r"\b(?:use|using)\s+(?:only\s+)?for\s+(?!(?:the\s+time\s+being|now"
                                r"|a\s+while|the\s+moment|the\s+foreseeable\s+future|the\s+"
                                r"(?:first|next|last)\b|\d|some\s+time)\b)[^.;]*$", re.IGNORECASE)
# A clause whose subject is one part of the project: "the `core` module", "API modules".
_PART_SUBJECT = re.compile(r"^\W*(?:the\s+|our\s+|each\s+|every\s+|all\s+)?"
                           r"(?!(?:the|a|an|our|this|that|each|every|all)\b)[`'\"]?[\w.-]+[`'\"]?"
                           r"\s+(?:module|package|layer|service|component|crate|library)s?"
                           r"\s+(?:should|must|shall|will|may|can|does|do)\b", re.IGNORECASE)
# A move adopts where it goes ("switch to X"), not every name its sentence goes on to give;
# nor does a range ("a variety of ways, from black-box implementations to using modules in
# the React DOM").
_MOVE_CUE = re.compile(r"(?:switch|mov|migrat|transition|port|convert)(?:e|es|ed|ing|s)?$"
                       r"|^from\b.*\bto$", re.IGNORECASE)
_MOVED_TO = re.compile(r"\b(to|onto|towards|with)\s+(?:the\s+)?(?:[\w@./-]+(?:\s+[\w@./-]+)?"
                       r"(?:\s*,\s*(?:and\s+)?|\s+and\s+))*[`'\"*]*$", re.IGNORECASE)
_CHOSEN_OVER = re.compile(r"\b(?:chose|chosen|choose|choosing|picked|selected|settled\s+on"
                          r"|went\s+with|opted\s+for)\s+\S[^.;:]*\s(over|rather\s+than)\s+"
                          r"(?:[\w-]+\s+){0,3}[`'\"*]*$", re.IGNORECASE)
_AVOIDS_SOMETHING_ELSE = re.compile(r"\bavoid(?:s|ed|ing)?\s+(?!using\b|use\b|the\s+use\b)"
                                    r"[a-z]+(?:\s+[a-z]+)?\s+(?:with|between|about|around)\s",
                                    re.IGNORECASE)
_NOTHING_DONE_IN = re.compile(r"\bno\s+[\w-]+(?:\s+[\w-]+)?\s+(?:will|would|can|could|is|are"
                              r"|gets?|must|should)\s+(?:be\s+)?(?:\w+ed|done|run|made)\s+"
                              r"(?:in|by|with|inside|within|through)\s+[`'\"*_]*$",
                              re.IGNORECASE)
_COMPARED_CUE = re.compile(r"over|preferred\s+to|in\s+preference\s+to", re.IGNORECASE)
_PREFERRED_TO = re.compile(r"\bprefer\w*\s+\S.*\s(?:to|over)\s+(?:[\w-]+\s+){0,8}[`'\"*]*$",
                           re.IGNORECASE)
_MOVE_AFTER = re.compile(r"\b(?:chang|switch|mov|migrat)\w*\s+(?:over\s+|back\s+)?to\b",
                         re.IGNORECASE)
_CHANGED_TO = re.compile(r"\bchang\w*\s+(?:[\w`'.-]+\s+){0,4}?(?:to|from|over|for)\b",
                         re.IGNORECASE)
# "`memory_format` can be set to `pandas` or `modin`": what can be done is not chosen.
_POSSIBLE = re.compile(r"can|could|may|might", re.IGNORECASE)
# "We will use the same structure as SeaORM's Rocket with SeaORM example app" (prose-im/
# prose-pod-api, round 34): what something is modelled on is followed, not chosen.
_MODEL_BEFORE = re.compile(r"\b(?:the\s+same\s+[\w-]+(?:\s+[\w-]+)?\s+as|similar\s+to"
                           r"|modell?ed\s+(?:on|after))\s+[^.;:]{0,60}$", re.IGNORECASE)
# "We will use Fomantic UI, the community fork of Semantic UI" (kiwicom/the-zoo's ADR 6): what
# the choice comes from or stands beside is named to say what the choice is, not chosen.
_RELATED_BEFORE = re.compile(r"\b(?:(?:fork|successor|port|clone|rewrite|alternative)\s+(?:of|to)"
                             r"|(?:forked|derived)\s+from|inspired\s+by|formerly"
                             r"|previously\s+(?:called|named|known\s+as))\s+(?:the\s+)?"
                             r"[`'\"*_\[]*$", re.IGNORECASE)
# ... and what a choice works with: "It integrates seamlessly with ActiveRecord, and should
# scale" (zendesk/link_platform's ADR 20, DelayedJob chosen; the second held-back dependency
# set once ActiveRecord had an alias in round 40)
_INTEGRATES_WITH_BEFORE = re.compile(r"\b(?:integrat(?:es|ed|ing)?|plays?|fits?|works?)\s+"
                                     r"(?:\w+ly\s+|well\s+|nicely\s+)?with\s+(?:the\s+)?"
                                     r"[`'\"*_\[]*$", re.IGNORECASE)
# "React … requires many more individual decisions than Angular" (leadof/leadof, round 33):
# what something is compared with ("rather than" leaves it, read elsewhere).
_COMPARED_BEFORE = re.compile(r"(?<!rather )\bthan\s+(?:the\s+|our\s+)?[`'\"*_]*$", re.IGNORECASE)
_HAS_NO = re.compile(r"(?<![\w'])(?!(?:will|must|should|shall|may|can|would|could)\b)[\w.@/-]+"
                     r"[`'\"*_\])]*\s+(?:has|had|needs|requires)\s+no\s+[`'\"*_\[]*$",
                     re.IGNORECASE)
_OR_NEXT = re.compile(r"^[`'\"*_]*\s+or\s+[`'\"*_]*[A-Z`]")
_OR_BETWEEN = re.compile(r"[`'\"*_]*\s+or\s+[`'\"*_]*")
# "It is also easy to migrate from FluentAssertions to Awesome Assertions" (SSWConsulting/
# SSW.CleanArchitecture, round 33): how easy a move is, said of it, is no move.
_EASE_BEFORE = re.compile(r"\b(?:easy|easier|simple|simpler|hard|harder|difficult|trivial"
                          r"|straightforward|painless)\s+to\s+\w+\b[^.;:,]{0,60}$",
                          re.IGNORECASE)
# A clause that describes the name before it: "Standard.rb, which is a wrapper around
# Rubocop" chooses nothing about Rubocop.
_DESCRIBES_BEFORE = re.compile(r",\s*which\b[^,;:]*$", re.IGNORECASE)
# "Requests use a hashed version of the id": the name is the subject of the use; "something
# Rails provides out of the box": of what it offers.
# "React has had difficulty adopting Web Component support" (leadof/leadof, round 33): the
# name is the one adopting.
_SUBJECT_OF_USE = re.compile(r"^[`'\"*_]*\s+(?:use|uses|call|calls|rel(?:y|ies) on"
                             r"|depends? on|provides?|offers?|ships?|comes? with|gives?"
                             r"|supports?|adopts|(?:is|are|was|were)\s+adopting"
                             r"|ha(?:s|ve)\s+adopted|(?:has|have|had)\s+(?:had\s+)?(?:\w+\s+)?"
                             r"(?:difficulty|difficulties|trouble|problems?)\s+(?:in\s+|with\s+)?"
                             r"(?:adopting|using|supporting))\b", re.IGNORECASE)
# "However, the use of the newer version of `yarn` creates some challenges" (leadof/leadof,
# round 33): the use of a name, the subject of what it brings about, is described, not chosen.
_USE_AS_SUBJECT = (
    re.compile(r"\b(?:the|this|that|its|their|our)\s+(?:\w+\s+)?(?:use|usage)\s+of\s+"
               r"(?:(?:the|a|an|new|newer|old|older|latest|recent|current|major)\s+)*"
               r"(?:versions?\s+of\s+(?:the\s+)?)?[`'\"*_]*$", re.IGNORECASE),
    re.compile(r"^[`'\"*_]*\s+(?:creates?|causes?|brings?|introduces?|leads?\s+to|adds?|makes?"
               r"|comes?\s+with|results?\s+in|means?|has|have|had|would|could|might|may)\b",
               re.IGNORECASE))
# "The usage of `RxJava` will be limited to: …": what the clause says of the name restricts
# how much it is used (simpledotorg/simple-android's ADR 8, which chose Mobius to restrict
# RxJava), it does not choose it.
_RESTRICTED_AFTER = re.compile(r"^[`'\"*_]*\s+(?:will|shall|should|must|is|are|has|have|needs?)"
                               r"\s+(?:to\s+)?(?:be\s+|been\s+)?(?:further\s+)?(?:limited"
                               r"|restricted|confined|reduced|minimi[sz]ed|kept\s+to)\b",
                               re.IGNORECASE)
# "TravisCI is no longer free to use", "Moment is not maintained": a negated description of
# the name is a reason about it, not a decision to drop it ("X is no longer used", "X is
# not allowed" still are).
_NEGATED_DESCRIPTION = re.compile(
    r"^[`'\"*_]*\s+(?:is|are|was|were)\s+(?:not|no\s+longer)\s+(?:very\s+|really\s+|as\s+)?"
    r"(?!(?:be\s+|being\s+)?(?:used|allowed|permitted|needed|required|recommended|supported"
    r"|accepted|approved|chosen|wanted|welcome|an?\b|in\s+use|part\s+of|the\b|our\b|going"
    r"|to\b)\b)[a-z]+(?:ly)?\b", re.IGNORECASE)
# "Our React frontend will send HTML", "outside of our current Serverless deployment
# pipelines": a name owned by the project before a noun of its own names a part of what is
# there, described, not chosen (round 21's 147 checkouts: CMSgov/easi-app,
# Enterprise-CMCS/managed-care-review) ... unless the clause changes it ("migrate our React
# frontend to Vue").
_OWNED_PART_BEFORE = re.compile(r"\b(?:our|their|its)\s+(?:(?:current|existing|present)\s+)?"
                                r"[`'\"*_]*$", re.IGNORECASE)
_NOUN_AFTER = re.compile(r"^[`'\"*_]*\s+[a-z][a-z-]{2,}\b")
_OWN_NOUN_AFTER = re.compile(r"^[`'\"*_]*\s+(?!(?:library|libraries|package|packages|module|modules"
                             r"|plugin|plugins|dependency|driver|drivers|client|sdk|framework|gem"
                             r"|crate|tool|service|is|are|was|were|has|have)\b)([a-z][a-z-]{2,})\s")
_CHANGING = re.compile(r"\b(?:switch|mov|migrat|transition|port|convert|replac|remov|drop|retir"
                       r"|rewrit|rebuild|upgrad|sunset|deprecat|phas)\w*", re.IGNORECASE)
# "This is not a major concern for SlateDB as ObjectStore capacity is practically infinite":
# a negated copula before a predicate of its own says something is not that predicate; a
# name after it is no ban (slatedb/slatedb, round 21's blind check).
_NEGATED_PREDICATE_BEFORE = re.compile(
    r"\b(?:(?:is|are|was|were|be|been)\s+not|isn't|aren't|wasn't|weren't)\s+(?:a|an|the)\s"
    r"[^.;:]*$"
    # ... or a participle with the place or agent it is (not) done in or by: "metadata that
    # is not represented in DataCite" (pulibrary/pdc_describe, round 22)
    r"|\b(?:(?:is|are|was|were|be|been)\s+not|isn't|aren't|wasn't|weren't)\s+(?:yet\s+)?"
    r"[a-z]+(?:ed|en)\s+(?:in|by|within|inside|through)\s+(?:the\s+)?[`'\"*_\[]*$",
    re.IGNORECASE)
# "Next, the host uses the macro": a word that opens a clause and is set off by a comma
# before a subject of its own introduces the clause (or names something in apposition); it
# is not what the clause's verb takes.
_SET_OFF = re.compile(r"^[`'\"*_]*,\s+(?:the|a|an|we|it|this|that|these|those|they|our|you|i|he"
                      r"|she|there|each|every|all)\b", re.IGNORECASE)
# "There was an attempt to use sentry, but we filled our quota in less than a day": tried,
# which is not chosen.
# ("We tried Celery" stays a considered option.)
# ... and "Chose Svelte after trying Next.js and Svelte" (No-Cash-7970/duckySigner, round 39):
# what was tried before the choice, in a clause of its own, which ends where the main clause
# begins ("After evaluating Leaflet and OpenLayers, we have chosen OpenLayers", zooniverse;
# "After evaluating the compatibility challenges …, the decision has been made to transition
# from bun to pnpm", Sergih28/groc, round 40).
_ATTEMPT_BEFORE = re.compile(r"\b(?:attempt(?:s|ed)?|experiment(?:s|ed)?)[`*_]*\s+"
                             r"(?:to\s+|with\s+)?(?:use\s+|using\s+|adopt\s+)?[^\s]*\s*$"
                             r"|\b(?:after|before|while|when)\s+(?:trying|trialling|evaluating"
                             r"|prototyping|experimenting\s+with)\s"
                             r"(?:[^.;:,]|,(?!\s*(?:we|i|they|it|the\s+team"
                             r"|(?:the|a|our|this)\s+decision)\b))*$",
                             re.IGNORECASE)
# "it did not work well with Wails" (duckySigner, round 39): what something else does not work
# with is no ban of it (a team that "does not work with X" still bans it).
_FAILS_WITH_BEFORE = re.compile(
    r"\b(?!we\b|i\b|you\b)\w+\s+(?:did|does|do)\s*(?:not|n't)\s+(?:\w+\s+)?(?:work|play"
    r"|integrate|fit|function|cooperate|cope|get\s+along)\s+(?:well\s+|nicely\s+)?with\s+"
    r"(?:the\s+)?[`'\"*_\[]*$", re.IGNORECASE)
# A sentence that opens on a gerund's circumstance ("In migrating from `babel-loader` and
# `@edx/browserslist-config` to `ts-loader` …, how we calculate our transpilation targets has
# changed"; openedx/frontend-base's ADR 5, round 32) says its piece after the comma; the names
# before it set the scene. What the scene moves away from is no ban: that part of the ADR
# dropped Browserslist for transpilation targets only, and a re-added package was blocked.
# What it uses still is ("By using keycloak-js directly, we have full control …").
_CIRCUMSTANCE_BEFORE = re.compile(r"^\W*(?:in|when|while|by|after|on|upon)\s+\w+ing\b"
                                  r"(?:[^,;:.]|\.(?=\w))*$", re.IGNORECASE)
# ... and what a sentence takes as given: "Given the transition from bun to pnpm as our package
# manager, the decision is to adopt Vitest" (Sergih28/groc's ADR 8, round 40) restates the
# ADR before it; its decision is Vitest.
_GIVEN_BEFORE = re.compile(r"^\W*(?:given|considering)\s(?:[^,;:.]|\.(?=\w))*$", re.IGNORECASE)
_CIRCUMSTANCE_ENDS = re.compile(r"^(?:[^,;:.]|\.(?=\w))*,\s*\w")  # a dot inside a name goes on
# The noun a name may carry as the subject of a passive: "The `react-hook-form` library will
# be utilized".
_ITS_NOUN = r"(?:\s+(?:library|framework|package|tool|module|gem|crate|plugin|SDK))?"
# The name, or the last of a list of names, with its noun, then the passive's verb.
_PASSIVE_SUBJECT = rf"^{_CLOSE}(?:\s*(?:,|\band\b|&)\s*{_OPEN}{_WORD}{_CLOSE})*{_ITS_NOUN}\s+"
# "[NSubstitute](…) will be used", "Moment.js should no longer be used": the name, or the
# last of a list of names, is the subject of a future or modal passive. Of use, it is chosen
# (or avoided, negated); removed or dropped, avoided; anything else done to it ("Requests
# should be forwarded to the app") chooses nothing, nor does what can be done. Present
# tense ("X is used by the jobs") describes; it decides nothing.
_PASSIVE_USE = re.compile(
    _PASSIVE_SUBJECT
    + r"(?P<modal>will|shall|should|must|is to|are to|(?:is|are) going to|can|could|may|might)"
    r"\s+(?P<not>(?:not|no longer|never)\s+)?(?:also\s+|still\s+|only\s+)?be\s+"
    r"(?P<verb>[a-z]{2,}(?:ed|en)|built|done|kept|made|run|sent|set|shown|split|put|held)\b",
    re.IGNORECASE)  # a participle: "will be our ORM" is read as before
_PASSIVE_CHOSEN = frozenset(("used", "adopted", "introduced", "chosen", "selected", "utilized",
                             "utilised", "leveraged", "employed"))
# "TipTap was selected to provide the rich text formatting", "PostgreSQL has been chosen":
# the name is the subject of a passive of choosing, in the past or present. Only verbs of
# choosing: "X was used" or "X was installed" tells what happened, and "X was originally
# chosen" (an adverb of time before the verb) what was chosen before.
# ... and "Day.js emerged as the optimal choice" (Sergih28/groc's ADR 5, round 40): the
# outcome of weighing, said of the winner; not "emerged as a popular option" (a description).
_PASSIVE_PICKED = re.compile(
    _PASSIVE_SUBJECT + r"(?:(?:was|were|has been|have been|is|are)\s+"
    r"(?:(?:also|therefore|thus|then|finally)\s+)?"
    r"(?:chosen|selected|picked|adopted)\b(?!\s+(?:by|from|at)\b)"
    r"|(?:emerged|emerges|came\s+out)\s+as\s+(?:the|our)\s+(?:optimal|best|preferred|clear"
    r"|obvious|ideal|right|winning|most\s+suitable)\s+(?:choice|option|solution|candidate)\b)",
    re.IGNORECASE)
_PASSIVE_LEFT = frozenset(("removed", "dropped", "retired", "deprecated", "phased"))
# What may stand before such a subject in its clause: nothing, an article, or a phrase set
# off by a comma ("As for mocking, NSubstitute will be used"), then the list's other names.
_PASSIVE_SUBJECT_BEFORE = re.compile(
    r"(?:^\W*(?:(?:the|both|a|an)\s+)?|,\s*)"
    rf"(?:{_OPEN}{_WORD}{_CLOSE}\s*(?:,|\band\b|&)\s*)*{_OPEN}$", re.IGNORECASE)
# A name inside a relative clause describes whatever the clause is about: "languages which
# don't yet have a version-enabled Spin SDK", "developers who wish to use `wit-bindgen`
# directly" (not "that": "we decided that we use X" is no relative clause, but "those that"
# is: "attributes that we define, rather than those that come standard from New Relic",
# openedx/edx-django-utils, round 23). A "that" a negated auxiliary follows opens a relative
# clause too (a complement starts with its own subject), and one that is negated describes
# what does without the name: "workspaces that do not utilize frameworks like Angular"
# (pagopa/io-sign's ADR 8, round 31). Not "we will add tests that are run using Playwright",
# whose clause says what is decided (opensafely-core/job-server, the third held-back set).
_RELATIVE_BEFORE = re.compile(
    r"\b(?:which|who|whose|(?:those|ones)\s+that|that\s+(?:(?:(?:do|does|did|are|is|was"
    r"|were|have|has|had|will|would|can|could|may|might|must|should|shall)\s+(?:not|never)"
    r"|(?:do|does|did|are|is|was|were|have|has|had|would|could|should|must|ca|wo)n't"
    r"|cannot|not|never)\b))[^,;:()]*$", re.IGNORECASE)
# What the code already is: "The lakeFS UI is written in React" describes; "will be built
# with Vite" (a passive of the future) is read as a choice.
_IS_BUILT_WITH = re.compile(r"\b(?:is|are|was|were|has been|have been)\s+(?:\w+\s+)?"
                            r"(?:written|built|implemented|developed|made)\s+"
                            r"(?:in|with|on|using)\s+(?:the\s+)?[`'\"*_\[]*$", re.IGNORECASE)
# "We already use `RxJava` for reactive notifications": what is in place, described (an
# ADR's reason against an alternative), not a choice made here.
# ... and "each test file currently using jasmine-ajax, fetchMock, or …" (TerriaJS, round
# 26), the names of its list too: what is in use now, described.
# ... and "backing the already in use Pinia store with sessionStorage" (digitalservicebund/
# mitra-frontend, round 39): "in use" is no verb; the name after it is what is there.
_ALREADY_USED = re.compile(r"\b(?:(?:already|currently|presently)\s+(?:use[sd]?|using"
                           r"|rel(?:y|ies|ied)\s+on|depends?\s+on)|in[\s-]use)\s+(?:the\s+)?"
                           r"(?:[`'\"*_\[]*[\w.@/-]+[`'\"*_\]]*\s*(?:,|\band\b|\bor\b)\s*){0,6}"
                           r"[`'\"*_\[]*$", re.IGNORECASE)
# "issues with the original design using `anomaly`": what was there before, described by
# what it used (informalsystems/hermes), not a choice of it.
_FORMER_USING = re.compile(r"\b(?:original|old|previous|former|existing|current|legacy)\s+"
                           r"(?:[\w-]+\s+){0,2}(?:using|built\s+(?:on|with)|based\s+on)\s+"
                           r"(?:the\s+)?[`'\"*_\[]*$", re.IGNORECASE)
# ... and "changes from our current setup with Jest" (mozilla/blurts-server's ADR 0, which
# moved to AVA; round 26), unless a move governs the "with" ("replace the existing setup
# with flex-error" chooses it).
_CURRENT_WITH = re.compile(r"\b(?:current|existing|present)\s+(?:[\w-]+\s+){0,2}with\s+"
                           r"(?:the\s+)?[`'\"*_\[]*$", re.IGNORECASE)
_MOVE_BEFORE = re.compile(r"\b(?:replac|swap|migrat|switch)\w*\b", re.IGNORECASE)
# What is kept only while something else happens is on its way out, not chosen: "Keep the
# `fog-azure-rm` backend during the transition" (cloud_controller_ng's ADR 14, whose point
# is removing every fog gem; round 23).
_KEEP_BEFORE = re.compile(r"\b(?:keep|keeps|keeping|retain|retains|retaining|leave|leaving)\s+"
                          r"(?:the\s+|our\s+|its\s+)?[`'\"*_\[]*$", re.IGNORECASE)
_MEANWHILE_AFTER = re.compile(r"^[^.;:]{0,40}?\b(?:during\s+the\s+(?:transition|switch|move"
                              r"|cut-?over)|until\b|in\s+the\s+meantime|for\s+now"
                              r"|for\s+the\s+time\s+being|temporarily)", re.IGNORECASE)
# ... while a decision to build something in a name adopts it: "We will build the front end
# in React", "To build the API with FastAPI".
_NEGATION_NEAR = re.compile(r"\b(?:not|never|no longer|won't|don't)\b", re.IGNORECASE)
_WILL_BUILD_IN = re.compile(r"\b(?:will|shall|to|we'll)\s+(?:\w+\s+)?(?:build|write|implement"
                            r"|develop)\s+(?:[\w-]+\s+){0,4}(?:in|with|using)\s+(?:the\s+)?"
                            r"[`'\"*_\[]*$", re.IGNORECASE)
# A choice stated with a copula: "The templating library to be used is the Handlebars
# library" (adoble/adr-j), "the tool of choice will be X", "the chosen framework is X".
# ... and "The state machine library used by the project will be robot3, which uses XState"
# (ledgersmb/LedgerSMB's ADR 16, once a describing clause no longer lent it its verb).
_CHOICE_IS = re.compile(r"\b(?:to be used|we(?:'ll| will| shall)? use|of choice|chosen(?: one)?"
                        r"|selected|used\s+by\s+(?:the|this|our)\s+(?:project|team|application"
                        r"|app|service|code(?:base)?))\s+(?:is|will be|shall be)\s+(?:the\s+)?"
                        r"[`'\"*_\[]*$", re.IGNORECASE)
# "[Vite][4] is the default module bundler": the choice, stated as what is used by default.
_IS_THE_DEFAULT = re.compile(r"[`'\"*_\]]*\s+(?:is|becomes|will\s+be|shall\s+be)\s+(?:now\s+)?"
                            r"(?:the|our)\s+(?:new\s+)?default\b(?!\s+(?:value|setting|option))",
                            re.IGNORECASE)
# A tool named as what is run: "use `kubectl` by running this command", "kubectl commands",
# "the Stripe CLI" (the Go module or SDK of that name is another thing); not "use GitHub
# Actions to run our workflows", where the name runs something.
_RUN_AFTER = re.compile(r"^[`'\"*_]*\s+(?:by\s+running|commands?\b|cli\b)", re.IGNORECASE)
# A name that opens a command in code form (`yarn app start:worker`): a tool being run.
_COMMAND = re.compile(r"[ \t]+[^`\n]+`")
# ... but a name its link text calls a package ("[X nuget package](…)") is no command.
_DESCRIBED = re.compile(r"[ \t]+(?:[\w.-]+[ \t]+)?(?:package|library|gem|module|plugin|crate)s?`",
                        re.IGNORECASE)
# The replacement a swap names: "replace golang-migrate with tern".
# "transition from bun to pnpm" (groc's ADR 7, round 40): what a move leaves and what it
# moves to are named as packages, in lower case too.
_MOVE_FROM_TO = re.compile(r"\b(?:switch|migrat|mov|transition|port)\w*\s+from\s+[`*_]*"
                           r"(?:$|[\w.@/-]+[`*_]*\s+to\s+[`*_]*$)", re.IGNORECASE)
_DESCRIBING_TAIL = re.compile(r",\s*which\s+(?!(?:we|i|you|they|the\s+team|our\s+\w+)\b)",
                              re.IGNORECASE)
_SWAP_WITH = re.compile(r"\b(?:replac\w*|swap\w*|substitut\w*)\b[^.;:]{1,60}\b(?:with|by|for)\s+$",
                        re.IGNORECASE)
_CUE = r"\b(?:use|using|adopt|replace|with|remove|drop|retire|deprecate|instead of|from|to|chose" \
    r"|choose|selected?)\s+"
_CUE_BEFORE = re.compile(_CUE + "$", re.IGNORECASE)
# ... and for a word to look for in the manifests' history, also past the words a name
# carries before it and its marks: "use `RedBird`", "replace the custom Redbird proxy", and
# in a record written once the work was done: "we removed both `yarn` and `lerna`".
_CUE_BEFORE_WIDE = re.compile(
    r"(?:" + _CUE + r"|\b(?:remov|replac|retir|deprecat)ed\s+|\bdropped\s+)" + cues.FILLER
    + r"[`'\"*_\[]*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """Every name the repository's manifests and the alias table ground, lower-cased."""

    names: dict[str, tuple[Package, ...]] = field(default_factory=dict)
    manifest_only: frozenset[str] = frozenset()  # names no alias vouches for as prose
    longest: int = 1  # the most words in one name
    starts: frozenset[str] = frozenset()  # first words of names of several words
    families: frozenset[str] = frozenset()  # products named by one declared package's start
    declared: frozenset[Package] = frozenset()  # what the manifests declare
    short_forms: frozenset[str] = frozenset()  # forms that are no package's own name ("core")
    scopes: frozenset[str] = frozenset()  # families of an npm scope or a NuGet name's first part

    @classmethod
    def build(cls, aliases: Iterable[tuple[str, str, str]],
              declared: Iterable[tuple[str, str]]) -> Vocabulary:
        """`aliases`: (prose name, ecosystem, package); `declared`: (ecosystem, package) of
        the manifests."""
        declared = sorted(set(declared))
        in_use = {ecosystem for ecosystem, _ in declared}
        declared = [(ecosystem, name) for ecosystem, name in declared if name]  # "": in use
        names: dict[str, list[Package]] = {}
        alias_named: dict[str, set[Package]] = {}
        for prose, ecosystem, name in aliases:
            # A Ruby project's "dotenv" is not PyPI's: an alias grounds only in an ecosystem
            # the repository's manifests use (CI systems and actions always; Terraform
            # providers where the tree has Terraform files: `declared_in` marks those).
            if not in_use or ecosystem in in_use or ecosystem in _WITHOUT_MANIFEST:
                bucket = names.setdefault(prose.lower(), [])
                alias_named.setdefault(prose.lower(), set()).add(Package(ecosystem, name))
                if Package(ecosystem, name) not in bucket:
                    bucket.append(Package(ecosystem, name))
        from_alias = alias_named.keys()  # the names the alias table grounds here
        exact = {name.lower() for _, name in declared}
        mine = set()
        derived: dict[str, set[Package]] = {}
        for ecosystem, name in declared:
            package = Package(ecosystem, name)
            mine.add(package)
            for n, written in enumerate(_written_forms(ecosystem, name)):
                if n and written in exact:
                    continue  # a derived form never shadows another package's own name
                if n and written != name.lower():
                    derived.setdefault(written, set()).add(package)
                bucket = names.setdefault(written, [])
                if package not in bucket:
                    bucket.append(package)
        # A NuGet name's last part that another declared name bears in the middle names that
        # one's product, which the first serves: "EntityFrameworkCore" is Microsoft.Entity
        # FrameworkCore.*, not …HealthChecks.EntityFrameworkCore (Logitar/Portal, round 33).
        middles = {part for ecosystem, name in declared if ecosystem == "nuget"
                   for part in name.lower().split(".")[1:-1]}
        for written in middles & derived.keys():
            names[written] = [p for p in names[written] if not (
                p in derived[written] and p.ecosystem == "nuget"
                and p.name.lower().rsplit(".", 1)[-1] == written)]
        # Each declared name under every start it has at a separator ("eslint-plugin" of
        # eslint-plugin-vuejs-accessibility), for the family test below.
        begun: dict[str, set[str]] = {}
        for name in exact:
            for sep in re.finditer(r"[-_.]", name):
                begun.setdefault(name[:sep.start()], set()).add(name)
        # The words of the declared packages' names, per ecosystem ("protobuf" of
        # protobuf-java-util and grpc-protobuf).
        parts: dict[str, set[str]] = {}
        for package in mine:
            parts.setdefault(package.ecosystem, set()).update(
                re.split(r"[-_.:/@]+", package.name.lower()))
        vendors = {v for m in mine if (v := _vendor(m))}
        for written, bucket in names.items():
            # What the manifests declare beats what the alias table would guess, in every
            # ecosystem: a Rails app's "Sentry" is its sentry-raven gem, not also the npm SDKs
            # its package.json could have held.
            if any(p in mine for p in bucket):
                bucket[:] = [p for p in bucket if p in mine]
            elif written in from_alias and any(
                    written in words or any(p.name.lower() in words for p in bucket)
                    for ecosystem, words in parts.items()
                    if ecosystem not in {p.ecosystem for p in bucket}):
                # ... and where the manifests declare packages of another ecosystem that
                # bear the name, or the name of the package guessed ("protobuf-java-util" in
                # a Java project, Go's google.golang.org/protobuf for "protocol buffers"),
                # the guess is not this project's word: the name is left for a stated package.
                bucket.clear()
                continue
            elif written in from_alias and any(_vendor(p) in vendors for p in bucket):
                # ... and where the manifests declare packages of the vendor the alias names
                # (symfony/console, symfony/lock) but not the ones it guesses (symfony/symfony,
                # symfony/framework-bundle), the project uses that vendor's other parts: the
                # name is left for a stated package (shlinkio/shlink, round 20's blind check).
                bucket.clear()
                continue
            elif written in from_alias and len({p.ecosystem for p in bucket
                                                if p.ecosystem not in _WITHOUT_MANIFEST}) > 1:
                # ... and a name the alias table grounds in several of the ecosystems the
                # repository uses, none of it declared, is a guess among them (a Rails app
                # with a package.json: "We will use Sentry" bound six npm SDKs and three
                # gems): left for a stated package.
                bucket.clear()
                continue
            # Major versions of one Go module ("ginkgo" and "ginkgo/v2", "cosign/v2" and
            # "cosign/v3"): one product; the latest is what the name stands for now.
            majors: dict[str, list[Package]] = {}
            for p in bucket:
                if p.ecosystem == "go":
                    majors.setdefault(GO_MAJOR.sub("", p.name), []).append(p)
            for versions in majors.values():
                if len(versions) > 1:
                    latest = max(versions, key=_go_major)
                    bucket[:] = [p for p in bucket if p not in versions or p == latest]
            # Maven artifacts of one name from several groups: the group that bears the
            # name is the project ("playwright" is com.microsoft.playwright's, not the
            # com.deque.html.axe-core integration's).
            maven = [p for p in bucket if p.ecosystem == "maven" and ":" in p.name]
            if len(maven) > 1:
                word = re.sub(r"[\s_-]+", "", written)
                owners = [p for p in maven if word in p.name.split(":")[0].replace("-", "")]
                if owners:
                    bucket[:] = [p for p in bucket if p not in maven or p in owners]
            # A derived form that several projects share names a kind of part, not a
            # package: "Abstractions" ends nine NuGet packages, "config" many Go modules.
            if not any(p in alias_named.get(written, ()) for p in bucket):
                shared = [p for p in bucket if p in derived.get(written, ())
                          and p not in alias_named.get(written, ())]
                for ecosystem in {p.ecosystem for p in shared}:
                    # (one product's flavours are one project: semantic-ui-css and -less)
                    if len({_HOST_AFFIX.sub("", _project(p)) for p in shared
                            if p.ecosystem == ecosystem}) > 1:
                        bucket[:] = [p for p in bucket
                                     if p.ecosystem != ecosystem or p not in shared]
                # ... and so does one that begins other packages' names: "eslint-plugin" of
                # eslint-plugin-node is the start of eslint-plugin-vuejs-accessibility too.
                if shared and begun.get(written, set()) - {p.name.lower() for p in shared}:
                    bucket[:] = [p for p in bucket if p not in shared]
        # A product's name, where the manifests declare only one package named after it
        # ("sentry-raven" for Sentry, "renjin-script-engine" for Renjin): the package's
        # start, when it names nothing else and is written as a package is (`_counts`).
        families: dict[str, set[Package]] = {}
        for package in mine:
            start = _family_start(package)
            if start:
                families.setdefault(start, set()).add(package)
        # A scope of packages named after the product ("@stencil/core") makes it a family
        # of several too: "Stencil" is not the one unscoped `stencil-router-v2`.
        scopes = {p.name.lower()[1:].split("/")[0] for p in mine if p.name.startswith("@")}
        # (a word the alias table knows as a package of the family is a product's name
        # wherever it is written: "FluentValidation" for FluentValidation.*)
        scope_words = {word for word in _scope_families(names, mine, scopes)
                       | _nuget_families(names, mine)
                       if not any(in_family(names[word][0].name, p.name)
                                  for p in alias_named.get(word, ()))}
        # ... and a start that is a word of another declared package's name is shared:
        # Thymeleaf is spring-boot-starter-thymeleaf as much as thymeleaf-extras-springsecurity6.
        bearing: dict[tuple[str, str], int] = {}
        for package in mine:
            if package.name.startswith("@types/"):
                continue  # the type definitions of the package they name, not another one
            for word in set(re.split(r"[-_.:/@]+", package.name.lower())):
                bearing[package.ecosystem, word] = bearing.get((package.ecosystem, word), 0) + 1
        family = {start for start, members in families.items()
                  if start not in names and len(members) == 1 and start not in scopes
                  and bearing.get((next(iter(members)).ecosystem, start), 0) <= 1}
        for start in family:
            names[start] = list(families[start])
        longest = max((len(n.split()) for n in names), default=1)
        starts = {n.split()[0] for n in names if " " in n}
        return cls({k: tuple(v) for k, v in names.items() if v},
                   frozenset(set(names) - set(from_alias)), longest,
                   frozenset(starts | {w.replace("-", "_") for w in starts}
                             | {w.replace("_", "-") for w in starts}),
                   frozenset(family | scope_words),
                   frozenset(mine), frozenset(set(derived) - exact - set(from_alias)),
                   frozenset(scope_words))

    def module_piece(self, written: str) -> bool:
        """`written` is only the last piece of Go modules that are not a forge's owner/name
        (cosmossdk.io/client, golang.org/x/sync), in lower case or spelled otherwise than the
        module spells it ("Cloud Provider", "CloudProvider" for k8s.io/cloud-provider, an
        interface of kubernetes/autoscaler's own; round 23): an ordinary word."""
        low = written.lower()
        packages = self.names.get(low, ())
        if low not in self.manifest_only or not packages or not all(
                p.ecosystem == "go" and p.name.split("/")[0] not in GO_HOSTS
                and p.name.lower() != low for p in packages):
            return False
        return written.islower() or all(p.name.lower().rpartition("/")[2] != low
                                        for p in packages)

    def lookup(self, name: str) -> tuple[Package, ...]:
        return self.names.get(name.lower().strip("`'\"*_"), ())

    def mentions(self, text: str, title: bool = False, item: bool = False,
                 ) -> list[tuple[int, int, tuple[Package, ...]]]:
        """The grounded names in `text`, longest first, never overlapping: (start, end,
        packages). A name only a manifest knows, written as an ordinary word ("request",
        "next"), counts only in code form (`next`) or capitalised after the first word.
        `item`: `text` opens an item of a list of choices."""
        tokens = [part for m in _TOKEN.finditer(text) for part in self._parts(m)]
        found: list[tuple[int, int, tuple[Package, ...]]] = []
        # In a title written in Title Case a capital says nothing about a name.
        capitals = not (title and _title_case([t[2] for t in tokens]))
        i = 0
        while i < len(tokens):
            if (turned := self._host_first(tokens, i, text)) is not None:
                found.append(turned)
                i += 2
                continue
            # Only a word that begins a name of several words can begin a longer match.
            widest = min(self.longest, len(tokens) - i) \
                if tokens[i][2].lower() in self.starts else 1
            listed = bool(found) and _LIST_GOES_ON.fullmatch(
                text[found[-1][1]:tokens[i][0]]) is not None
            if (joined := self._run_together(tokens, i, text)) is not None:
                found.append(joined[:3])
                i += joined[3]
                continue
            for width in range(widest, 0, -1):
                group = tokens[i:i + width]
                written = " ".join(t[2] for t in group)
                packages = self.names.get(written.lower()) or self.names.get(
                    written.lower().replace("-", "_")) or self.names.get(
                    written.lower().replace("_", "-")) or self._hyphen_joined(
                    written) or self._by_suffix(
                    written) or _by_noun(written, text, group[-1][1])
                if packages and capitals and self._part_of_a_longer_name(tokens, i + width, text,
                                                                          group):
                    continue  # "Vue" of "Vue CLI", "Azure" of "Azure Identity"
                if packages and written.lower() in self.short_forms and (
                        _ACRONYM.fullmatch(written) or (
                            capitals and self._ends_a_longer_name(tokens, i, text))):
                    # "UUID" is the concept, not google/uuid, "JWT" not golang-jwt/jwt;
                    i += width  # "Core" of ".NET Core" is not Azure.Core, nor "Functions" of
                    break  # "Durable Functions" the Functions SDK
                if packages and capitals and width == 1 and written[:1].isupper() \
                        and not any(p in self.declared for p in packages) \
                        and self._ends_a_proper_name(tokens, i, text):
                    i += width  # "Amazon Aurora Serverless" is no npm `serverless`
                    break
                if packages and all(manager_lockfile(p.ecosystem, p.name) for p in packages) \
                        and _REGISTRY_NOUN.match(text, group[0][0] + _span(text, group)):
                    # A package manager's name before what is published through its registry
                    # names the registry: "remove NPM packaging for the API" drops no npm
                    # (bbc/digital-paper-edit-firebase, round 41: two false blocks on the
                    # npm lockfiles of a later switch from Yarn to npm).
                    i += width
                    break
                if packages and self._counts(written, text, group[0][0],
                                             group[0][0] + _span(text, group), i, capitals,
                                             listed, item):
                    start, end = group[0][0], group[0][0] + _span(text, group)
                    if start > 0 and end < len(text) and text[start - 1] == text[end] \
                            and text[end] in "`'\"":
                        start, end = start - 1, end + 1  # `moment`: the quotes are the name's
                    found.append((start, end, packages))
                    i += width
                    break
            else:
                i += 1
        return found

    def _host_first(self, tokens: list[tuple[int, int, str]], at: int, text: str,
                    ) -> tuple[int, int, tuple[Package, ...]] | None:
        """A package named for the framework it serves, written with the framework first:
        "Rails JSBundling" is `jsbundling-rails`, "Rails Importmap" `importmap-rails`."""
        if at + 1 >= len(tokens):
            return None
        (start, _, host), (after, _, name) = tokens[at], tokens[at + 1]
        if text[start + len(host):after] != " " or not name[:1].isupper() \
                or _VERB_BEFORE.search(text, max(0, start - 12), after):
            return None  # a verb is no host: "Use React" is no `react-use` (farmhand)
        packages = self.names.get(f"{name}-{host}".lower())
        if not packages or not all(p in self.declared for p in packages) \
                or any(f"{host}{sep}{name}".lower() in self.names for sep in (" ", "-", "_")):
            return None  # ... unless the words name a package in the order written
        return start, after + len(name), packages

    def _run_together(self, tokens: list[tuple[int, int, str]], at: int, text: str,
                      ) -> tuple[int, int, tuple[Package, ...], int] | None:
        """Capitalised words, one space apart, that a declared package runs together:
        "Awesome Assertions" is AwesomeAssertions (SSWConsulting/SSW.CleanArchitecture, round
        33), which a manifest names so, in one word; not a form derived from another name
        ("Cloud Provider" is no k8s.io/cloud-provider), nor with an acronym, which names a
        specification or a concept ("JSON Schema" is no `jsonschema`).
        (start, end, packages, words)"""
        for width in (3, 2):
            group = tokens[at:at + width]
            if len(group) < width or not all(_TITLE_WORD.fullmatch(t[2]) for t in group) \
                    or any(text[a[0] + len(a[2]):b[0]] != " " for a, b in pairwise(group)):
                continue
            joined = "".join(t[2] for t in group).lower()
            packages = tuple(p for p in self.names.get(joined, ())
                             if p in self.declared and p.name.lower() == joined)
            if packages:
                return group[0][0], group[0][0] + _span(text, group), packages, width
        return None

    def _hyphen_joined(self, written: str) -> tuple[Package, ...]:
        """A prose name of several words the alias table knows, joined by hyphens
        ("Ruby-on-Rails", DFE-Digital/early-years-foundation-recovery's ADR 1, round 23)."""
        if "-" not in written or not written[:1].isupper():
            return ()
        spaced = written.lower().replace("-", " ")
        return () if spaced in self.manifest_only else self.names.get(spaced, ())

    def _by_suffix(self, written: str) -> tuple[Package, ...]:
        """A name written with its language's suffix ("Standard.rb", "Moment.js") is the
        package of that language's ecosystem named without it."""
        suffix = _LANGUAGE_SUFFIX.search(written)
        if suffix is None:
            return ()
        ecosystem = _SUFFIX_ECOSYSTEM[(suffix.group(1) or suffix.group(2)).lower()]
        return tuple(p for p in self.names.get(written[:suffix.start()].lower(), ())
                     if p.ecosystem == ecosystem or not ecosystem)

    def _part_of_a_longer_name(self, tokens: list[tuple[int, int, str]], after: int,
                               text: str, group: list[tuple[int, int, str]]) -> bool:
        """In prose, a name followed, after one space, by a capitalised word that no manifest
        knows is the first part of a longer proper name ("the Vue CLI", "Spring Boot"): that
        product, not the package the first word names."""
        if after >= len(tokens):
            return False
        start, _, word = tokens[after]
        end = group[0][0] + _span(text, group)
        return text[end:start] == " " and word[:1].isupper() \
            and word.lower() not in self.names

    def _ends_a_proper_name(self, tokens: list[tuple[int, int, str]], at: int,
                            text: str) -> bool:
        """A name nothing here declares, right after two capitalised words that name nothing
        either, ends a longer proper name ("Amazon Aurora Serverless", a hosted database):
        that product, not the package the alias table knows by the last word."""
        if at < 2:
            return False
        words = tokens[at - 2:at + 1]
        return all(text[a[0] + len(a[2]):b[0]] == " " for a, b in pairwise(words)) \
            and all(w[2][:1].isupper() and w[2].lower() not in self.names for w in words[:2])

    @staticmethod
    def _ends_a_longer_name(tokens: list[tuple[int, int, str]], at: int, text: str) -> bool:
        """In prose, a short form ("Core", "Functions", "Client") right after a capitalised
        word that does not open the sentence, or after a dotted name (".NET"), ends a longer
        product name: ".NET Core", "Durable Functions". A capitalised verb of choosing is no
        part of a name ("Chosen *Using Behat for …*")."""
        if at == 0:
            return False
        start, _, word = tokens[at - 1]
        if text[start + len(word):tokens[at][0]] != " ":
            return False
        before = text[:start]
        dotted = before.endswith(".")  # ".NET": the token begins after the dot
        opens = not before.strip() or (before[-1:].isspace()
                                       and before.rstrip()[-1:] in (".", "!", "?", ":"))
        return dotted or (word[:1].isupper() and not opens
                          and not _VERB_BEFORE.search(text[:tokens[at][0]]))

    def _parts(self, match: re.Match[str]) -> list[tuple[int, int, str]]:
        """A token, or the names of a list written with slashes ("Ava/Sinon/NYC", each part
        capitalised as prose writes names) that is not itself a name (`actions/checkout`)."""
        written = match.group(0).rstrip(".,:;)_")  # "Django-CRUM_": a reStructuredText link
        if match.group(0).endswith("_") and match.string[match.end():match.end() + 1] == "`":
            return []  # `web_`: an identifier's prefix in code form, no name (tmail-flutter)
        parts = written.split("/")
        if len(parts) == 2 and parts[0] and "." not in parts[0] \
                and not any(p.name.lower() == parts[0].lower()
                            for p in self.names.get(parts[0].lower(), ())) \
                and not parts[1].islower() and written.lower() not in self.names \
                and any(p in self.declared and p.name.lower() == parts[1].lower()
                        for p in self.names.get(parts[1].lower(), ())):
            # "option 5 `bbc/VideoContext`" (bbc/digital-paper-edit-client, round 39): a
            # forge's owner/repository whose repository a manifest declares by that name (a
            # repository's proper name: `src/redux` is a folder; "Tokio/Hyper", two names, is
            # a list, below)
            at = match.start() + len(parts[0]) + 1
            return [(at, at + len(parts[1]), parts[1])]
        if len(parts) < 2 or written.lower() in self.names \
                or not all(_PROSE_NAME.fullmatch(p) for p in parts):
            return [(match.start(), match.end(), written)]
        out, at = [], match.start()
        for part in parts:
            out.append((at, at + len(part), part))
            at += len(part) + 1
        return out

    def _counts(self, written: str, text: str, start: int, end: int, index: int,
                capitals: bool = True, listed: bool = False, opens_item: bool = False,
                ) -> bool:
        """A name that could be an ordinary word ("request", "next", "debug") counts only
        where the writing marks it as a name: in code form, followed by "gem", "library"…,
        right after a verb that takes a package ("use jest"), before a passive of use ("jest
        will be used"), in a list that goes on from a name ("with pgx and scany"), or
        capitalised (for a name only a manifest knows, not as the sentence's first word nor
        in a Title Case title, where "Analysis Request DB ids" names no `request` package)."""
        if text[max(0, start - 2):start] == "--":
            return False  # a command's flag: `--cloud-provider=externalgrpc` (autoscaler)
        if not written.islower() and self.module_piece(written):
            # "Plugable Cloud Provider over gRPC" is no k8s.io/cloud-provider (module_piece)
            # unless a verb that takes a package names it: "Use Gateway API for Ingress"
            # (cloudfoundry/korifi) is sigs.k8s.io/gateway-api
            return listed or _VERB_BEFORE.search(text[max(0, start - 24):start]) is not None
        if not written.replace(" ", "").isalpha() or (" " in written and not written.islower()):
            return True  # digits, dots, hyphens, or words with capitals: a name, not a word
        # Lower-case words that spell a hyphenated name with spaces ("test case" for the
        # `test-case` crate) are ordinary words: they count only where marked as a name.
        marked = (start > 0 and text[start - 1] == "`") \
            or (text[max(0, start - 2):start] == "**" and text[end:end + 2] == "**"
                and _OPENS_LINE.search(text, 0, start) is not None)
        if marked and written.lower() in self.short_forms and all(
                p.ecosystem in ("go", "nuget") and written.lower() not in
                re.split(r"[/.]", p.name.lower()) for p in self.names.get(written.lower(), ())):
            # ... but not an identifier that is a piece of a Go module's or NuGet package's
            # name, no element of it (a JSON field `version` is not hashicorp/go-version)
            marked = False
        coded = marked or bool(_PACKAGE_NOUN.match(text[end:]))
        if written.islower() and written.lower() in self.short_forms and all(
                p.ecosystem == "nuget" and "." in p.name
                for p in self.names.get(written.lower(), ())):
            # "need only reference the models package, and not the entire client library"
            # (Anthony-Nolan/Atlas's ADR 10, round 39, read as banning NuGet's Microsoft.AspNet.
            # WebApi.Client): a dotted NuGet name's last part in lower case is the word,
            # whatever noun follows
            return marked
        if written.lower() in stopwords():
            return coded  # "use that information" names no Ensure.That
        named = listed or _VERB_BEFORE.search(text[max(0, start - 24):start]) is not None \
            or (opens_item and index == 0 and _ITS_USE.match(text, end) is not None) \
            or _SWAP_WITH.search(text[max(0, start - 90):start]) is not None \
            or _MOVE_FROM_TO.search(text[max(0, start - 60):start]) is not None \
            or ((passive := _PASSIVE_USE.match(text[end:])) is not None
                and passive.group("verb").lower() in _PASSIVE_CHOSEN | _PASSIVE_LEFT) \
            or _PASSIVE_PICKED.match(text[end:]) is not None
        if written.islower() and not coded \
                and (after := _NEXT_WORD.match(text, end)) is not None \
                and after.group(1) not in stopwords() and not listed \
                and _NAMES_ITS_USE.match(text[end:end + 40]) is None:
            # ... and a name in lower case before a content word of its own modifies that
            # word: "use object versioning" names no `object_store`, "Use spring message
            # validation" is a feature of Spring, not `spring-core` (slatedb/slatedb,
            # North-Sea-Transition-Authority/pipeline-works-authorisations, round 21)
            return False
        if written.lower() in self.scopes and written.islower():
            # ... and the word of a scope's family, in lower case, only in code form or
            # right after a verb that takes a package: "use storybook", not "replaced by
            # system" (NuGet's System.*)
            return coded or _VERB_BEFORE.search(text[max(0, start - 24):start]) is not None
        if written.lower() in self.families:
            # "use Sentry", not "Sentry" in passing; in a Title Case title only a verb right
            # before it marks it ("Replace Gitflow with Simple Git Workflow" is not simple_form);
            # written as an ordinary word in lower case, only in code form ("use a metrics
            # library" names no metrics-util: eclipse-chariott/chariott, held-back set 11),
            # and there only as a package ("the `sentry` gem"): an identifier in code form is
            # that identifier, not the start of a package's name ("remove the `source` field"
            # is no source-map-loader: argoproj/argo-cd, round 24)
            if written.islower() and written.isalpha():
                return marked and bool(_PACKAGE_NOUN.match(text[end:]))
            if _ACRONYM.fullmatch(written):
                # in capitals, a constant or a keyword even in code form: "Remove the `CHECK`
                # constraint" drops no check-pages (cloudfoundry/cloud_controller_ng, round 23)
                return named
            if not coded and (after := _NEXT_WORD.match(text, end)) is not None \
                    and after.group(1) not in stopwords() and not listed \
                    and _NAMES_ITS_USE.match(text[end:end + 40]) is None:
                # ... and capitalised before a content word of its own, it modifies that word
                # as the lower-case names above do: "Use Sources field instead of Source
                # field" is the Application's spec field, no source-map-loader (argo-cd,
                # round 24)
                return False
            return coded or (named if capitals else
                             _VERB_BEFORE.search(text[max(0, start - 24):start]) is not None)
        if self.module_piece(written):
            # The last piece of a Go module that is not a forge's owner/name
            # (cloud.google.com/go/storage, golang.org/x/sync) is an ordinary word in prose
            # ("using storage class `sc-1`"): a name only in code form.
            return coded
        if written.lower() in self.manifest_only:
            # ... and one written in capitals is an acronym for a concept ("URL", "CSV"),
            # unless a verb that takes a package or a package noun marks it ("use RQ"); in
            # code form it is a constant (a protobuf enum's `URL`), not the package `url`.
            if _ACRONYM.fullmatch(written):
                return named or bool(_PACKAGE_NOUN.match(text[end:]))
            # A capital inside the word ("NanoStores") is the writer's, even in a Title Case
            # title: "Transition from Zustand to NanoStores" (groc's ADR 9, round 40). (Not
            # as a sentence's first word elsewhere: "PostgreSQL sources use the native `COPY`
            # protocol" names the sources, DependencyTrack/hyades-apiserver's ADR 23.)
            return coded or named or (capitals and index > 0 and written[:1].isupper()) \
                or (not capitals and _INNER_CAPITAL.search(written) is not None)
        if not capitals and not coded and not named and _TITLE_WORD.fullmatch(written) \
                and (before := _TITLED_BEFORE.search(text, 0, start)) is not None \
                and before.group(1).lower() not in stopwords():
            # In a Title Case title, a capitalised word after another is the end of a noun
            # of two: "Merging Pull Requests Requires All Checks" names no `requests`
            # (CDCgov/prime-public-health-data-infrastructure's ADR 8, round 41).
            return False
        return coded or named or not written.islower()


_INNER_CAPITAL = re.compile(r"[a-z][A-Z]")
_REGISTRY_NOUN = re.compile(r"[ \t]+(?:packag(?:e|es|ing)(?![ \t]+managers?\b)"
                            r"|publish(?:ing|ed)?|releases?|registry|modules?)\b",
                            re.IGNORECASE)  # (a "uv package manager" is the manager)
_TITLED_BEFORE = re.compile(r"\b([A-Z][a-z]+) $")


_WITHOUT_MANIFEST = ("ci", "github-actions")
BARE_TITLE = "stated as the choice"  # the cue of a name stated alone, as a title or a choice
_TITLE_WORD = re.compile(r"[A-Z][a-z0-9]+")
_NEXT_WORD = re.compile(r"[ \t]+([a-z][a-z-]*)\b")
# A decision that states the chosen names before its reason, as MADR's outcome does without
# its "Chosen option:" label: "Gatling, because …", "Kotlin, Spring Boot, and Thymeleaf,
# because …", "Migration tool: Flyway, because …" (not "Redis or Memcached, because": a
# choice still open).
_NAME_CHARS = r"(?:[^,.;:()]|\.(?=\w))"  # a dot inside a name ("GOV.UK Notify") is no full stop
_BARE_CHOICE = re.compile(
    rf"^\s*(?:[\w /-]{{1,40}}:\s*)?(?P<names>{_NAME_CHARS}{{1,40}}(?:,\s*(?:and\s+)?"
    rf"{_NAME_CHARS}{{1,40}}){{0,5}}),\s+because\b(?!\s+of\b)", re.IGNORECASE)
# An item's label followed by a clause of its own labels a step or an aspect ("- **Sync**:
# The generated files will then be synchronized …"), it does not name what the item is
# about, nor does one whose subject is left out ("- **`kfp-server-api`**: Will move to
# `kfp.server_api`"): only a description ("- Pytest: a testing framework that …") says a
# name's use.
_AUXILIARIES = r"is|are|was|were|will|would|shall|should|must|can|could|has|have|had"
_AUXILIARY = re.compile(rf"\b(?:{_AUXILIARIES})\b", re.IGNORECASE)
_OWN_CLAUSE = re.compile(r"^(?:(?:the|this|these|those|a|an|we|it|its|our|they|each|all)\b"
                         r"(?:(?!\b(?:that|which|who|where)\b)[^,;:.])*?\s)?"
                         rf"(?:{_AUXILIARIES}|may|might)\b", re.IGNORECASE)
# ... and an item that goes on to a verb of its own is a sentence about the name ("*
# Requests for different types of subsidies live in different models"), not a choice.
_RELATIVE = re.compile(r"\b(?:that|which|who)\b", re.IGNORECASE)  # "a framework that is …"
_FINITE_VERB = re.compile(rf"\b(?:{_AUXILIARIES}|does|do|did|lives?|stays?|goes|sits?|runs?"
                          r"|happens?)\b", re.IGNORECASE)
# A title that opens with a name decides it when what follows names its use: "RQ for
# background jobs", "Jest as the test runner", "GitHub Actions, not Travis CI".
_NAMES_ITS_USE = re.compile(r"^\s*(?:$|,|\(|(?:for|as|over|instead|rather|not)\b)",
                            re.IGNORECASE)
# A package named for the language or framework it serves, or the style language it ships
# in, is written without that part ("sentry-go" is Sentry, "dotenv-rails" is dotenv,
# "moment.js" is Moment, "semantic-ui-css" is Semantic UI).
_HOST_AFFIX = re.compile(r"^(?:python|py|node|php|go|dotnet)-(?=\w{3})"
                         r"|(?<=[\w.-]{3})(?:[-_.](?:rails|ruby|go|golang|js|node|py|python|php|java"
                         r"|net|dotnet|core|rs|css|less|sass|scss|react|vue|svelte|angular))$")
# "Standard.rb", "Moment.js", "Stryker.NET", or run on in capitals ("DangerJS"); a site's
# domain ("locust.io") says nothing of the ecosystem.
_LANGUAGE_SUFFIX = re.compile(r"(?<=\w{3})\.(?i:(rb|js|py|net|io))$|(?<=[a-z]{3})(JS)$")
_SUFFIX_ECOSYSTEM = {"rb": "rubygems", "js": "npm", "py": "pypi", "net": "nuget", "io": ""}
GO_HOSTS = ("github.com", "gitlab.com", "bitbucket.org")  # forges that host Go modules


# What a sentence calls a package grounds it even when no manifest does: "the omniauth gem".
_NOUN_ECOSYSTEM = re.compile(r"[`'\"]?\s+(gem|crate)s?\b", re.IGNORECASE)
_PACKAGE_NAME = re.compile(r"[a-z0-9][a-z0-9_.-]{1,60}")
# A word of degree before the word: an adjective, not a name ("the most popular gem").
_DEGREE_BEFORE = re.compile(r"\b(?:most|more|very|less|least|quite|really|fairly|rather|so"
                            r"|too|an?|to)\s+$", re.IGNORECASE)  # ... "a runtime crate" (a
# kind), "to determine crate order" (a verb)
# "the rspec and capybara gems": a list of names names each ("the SDK and runtime crates"
# lists kinds)
_LISTED_BEFORE = re.compile(r"(?:`|\b[a-z][\w.-]*)(?:,|\s+and|\s+or)\s+[`'\"]?$")


def family_of(ecosystem: str, name: str) -> str:
    """The owner's part of a name: `github.com/fluxcd/` of a Go module hosted by a forge,
    `@scope/` of a scoped npm package, the group of a Maven artifact; "" for any other."""
    parts = name.split("/")
    if ecosystem == "go" and len(parts) >= 3 and parts[0] in GO_HOSTS:
        return f"{parts[0]}/{parts[1]}/"
    if ecosystem == "npm" and name.startswith("@") and len(parts) == 2:
        return f"{parts[0]}/"
    if ecosystem == "maven" and ":" in name:
        return name.split(":", 1)[0] + ":"  # a module's group: its siblings are the project's
    return ""


# Scopes that gather other projects' packages: `@types/*`, the type definitions of packages
# named elsewhere; `@jsr/*`, JSR's registry mirrored on npm (raaymax/quack, round 21).
_OTHERS_SCOPES = frozenset(("types", "jsr"))


def _scope_families(names: dict[str, list[Package]], mine: set[Package],
                    scopes: set[str]) -> set[str]:
    """An npm scope whose packages the manifests declare names the product they make up:
    "Storybook" is `@storybook/*` (@storybook/react, @storybook/addon-a11y), "NestJS"
    `@nestjs/*`, rather than the one package the alias table guesses; where one package of
    the scope bears its name (@craco/craco, @uswds/uswds) that package is the product. A
    declared package of the same name outside the scope keeps it ("vue", not `@vue/*`).
    Sets `names` for those scopes' words and returns the families': they count as product
    names do (`_counts`: a verb of use or code form marks them, not a capital alone)."""
    words: set[str] = set()
    for scope in scopes:
        members = {p for p in mine if p.ecosystem == "npm"
                   and p.name.lower().startswith(f"@{scope}/")}
        if not members or scope in _OTHERS_SCOPES:
            continue  # packages of other projects, gathered under one scope
        own = [p for p in members if p.name.lower() == f"@{scope}/{scope}"]
        target = own or [Package("npm", f"@{scope}/*")]
        for written in dict.fromkeys((scope, scope.replace("-", " "))):
            if len(written) < 3 or written in stopwords():
                continue
            bucket = names.get(written, [])
            if any(p in mine and p not in members for p in bucket):
                continue
            names[written] = list(target)
            if not own:
                words.add(written)
    return words


def _nuget_families(names: dict[str, list[Package]], mine: set[Package]) -> set[str]:
    """A NuGet product the manifests declare only by dotted names under its own
    (`Fluxor.Blazor.Web`, `Verify.XunitV3`, `Dapper.Extensions.PostgreSQL`): its first part
    names the family `Fluxor.*`, as an npm scope does (`_scope_families`), where no declared
    package bears that name alone and the packages under it go on in at most two ways. A
    vendor's namespace goes on in many (`Microsoft.AspNetCore`, `Microsoft.Extensions`,
    `Microsoft.EntityFrameworkCore`; Azure, AWSSDK) and names no one product."""
    groups: dict[str, set[Package]] = {}
    for package in mine:
        if package.ecosystem == "nuget" and "." in package.name:
            groups.setdefault(package.name.split(".")[0].lower(), set()).add(package)
    alone = {p.name.lower() for p in mine if p.ecosystem == "nuget"}
    words: set[str] = set()
    for first, members in groups.items():
        if first in alone or len(first) < 4 or not first.isalnum() or first in _SERVES \
                or first in _NUGET_PLATFORMS or first in stopwords():
            continue
        if len({p.name.lower().split(".")[1] for p in members}) > 2:
            continue
        if any(p in mine and p not in members for p in names.get(first, ())):
            continue
        written = min(p.name for p in members).split(".")[0]
        names[first] = [Package("nuget", f"{written}.*")]
        words.add(first)
    return words


def names_package(ecosystem: str, wanted: str, name: str) -> bool:
    """Whether `name`, of `ecosystem`, is the package `wanted` names: a package of its
    family (`@storybook/*`), or the same package however the registry spells it, at any
    major version (`module_line`)."""
    if is_family(wanted):
        return in_family(wanted, name)
    return module_line(ecosystem, normalise(ecosystem, wanted)) == \
        module_line(ecosystem, normalise(ecosystem, name))


def _vendor(package: Package) -> str:
    """Who publishes a package, where its name says so: `family_of`, or a Composer vendor."""
    if package.ecosystem == "composer" and "/" in package.name:
        return package.name.split("/", 1)[0] + "/"
    return family_of(package.ecosystem, package.name)


def _by_noun(written: str, text: str, end: int) -> tuple[Package, ...] | None:
    if _PACKAGE_NAME.fullmatch(written) is None or written.lower() in stopwords():
        return None  # "remove the gem" names no gem called "the"
    found = _NOUN_ECOSYSTEM.match(text, end)  # at `end`, without copying the rest
    if found is None or _DEGREE_BEFORE.search(text, max(0, end - len(written) - 12),
                                              end - len(written)):
        return None  # "the most popular gem" names no gem called "popular"
    start = end - len(written)
    if found.group(0).rstrip().lower().endswith("s") and text[max(0, start - 1):start] != "`" \
            and _LISTED_BEFORE.search(text, max(0, start - 40), start) is None:
        return None  # "off the shelf gems": one word before a plural names a kind of gem
    ecosystem = "rubygems" if found.group(1).lower() == "gem" else "cargo"
    if written.lower() == _ECOSYSTEM_LANGUAGE[ecosystem]:
        return None  # "a well understood ruby gem" is a gem of the language, no gem "ruby"
    return (Package(ecosystem, written),)


# The language whose packages the noun names (OfficeForProductSafetyAndStandards/product-
# safety-database's ADR 2, round 41: "a well tested, well documented, well understood ruby gem").
_ECOSYSTEM_LANGUAGE = {"rubygems": "ruby", "cargo": "rust"}


def _title_case(words: list[str]) -> bool:
    """Most longer words capitalised, as titles are often written: "Use Timeflake for
    Analysis Request DB Ids"."""
    longer = [w for w in words if len(w) > 3 and w[:1].isalpha()]
    return len(longer) >= 2 and sum(w[:1].isupper() for w in longer) * 3 >= len(longer) * 2


def _project(package: Package) -> str:
    """What a package belongs to, for telling one project's packages from another's: a Maven
    group, a NuGet name without its last part, a Go module without its major version."""
    name = package.name.lower()
    if package.ecosystem == "maven" and ":" in name:
        return name.split(":")[0]
    if package.ecosystem == "nuget" and "." in name:
        return name.rsplit(".", 1)[0]
    if package.ecosystem == "go":
        return GO_MAJOR.sub("", name)
    return name


# The first part of a name that says which language or framework a package serves, not
# which product it is ("django-environ", "ruby-saml", "sbt-native-packager").
_SERVES = frozenset("python py node php go golang ruby rails django flask java kotlin scala "
                    "sbt gradle maven dotnet net js ts jest eslint babel webpack vite react vue "
                    "angular svelte next nuxt spring express nest nestjs gatsby pytest "
                    "terraform docker aws azure google gcp types postcss karma grunt gulp rollup "
                    "prettier stylelint".split())


# What the last part of a dotted NuGet name says a package is for, not which it is.
_NUGET_PLATFORMS = frozenset("blazor aspnetcore aspnet wpf maui winforms xamarin json xml http"
                             " abstractions extensions".split())


def _go_major(package: Package) -> int:
    """A Go module's major version: `/v3` is 3, none is 1."""
    found = GO_MAJOR.search(package.name)
    return int(found.group(0)[2:]) if found else 1


def _family_start(package: Package) -> str | None:
    """The product a package is named after, when its name begins with one and goes on:
    "sentry" of sentry-raven, "renjin" of org.renjin:renjin-script-engine."""
    name = package.name.lower()
    if package.ecosystem == "maven":
        name = name.rsplit(":", 1)[-1]
    elif package.ecosystem in ("go", "nuget") or "/" in name or name.startswith("@"):
        return None  # paths, scopes and dotted namespaces: their own forms say it
    parts = re.split(r"[-_.]", name)
    start = parts[0]
    if len(parts) < 2 or not re.fullmatch(r"[a-z][a-z0-9]{3,}", start) or start in _SERVES \
            or start in stopwords():
        return None
    if start.isalpha() and len(start) < 5:
        return None  # "html", "core", "less": words before they are products ("ff4j" is not)
    return start


# A GitHub Action named for the tool it runs: `trivy-action`, `commitlint-github-action`.
_ACTION_AFFIX = re.compile(r"[-_](?:github[-_])?action$")


def _written_forms(ecosystem: str, name: str) -> list[str]:
    """How prose writes a package, its own name first: for a Maven coordinate its artifact,
    for a Go module its last path element; words split at `-`, `_` and `.` or run
    together; without the name of the language or framework it serves."""
    lowered = name.lower()
    short = lowered
    named_by_owner = ""
    if ecosystem == "maven" and ":" in lowered:
        short = lowered.rsplit(":", 1)[-1]
    elif ecosystem == "go":
        parts = GO_MAJOR.sub("", lowered).split("/")
        short = parts[-1]
        if parts[0] in GO_HOSTS and len(parts) > 3:
            # A package inside a module: github.com/aws/aws-sdk-go-v2/config is the SDK's
            # config package, not whatever prose calls "config".
            short = parts[2]
        if parts[0] in GO_HOSTS and len(parts) >= 3 and parts[2] in parts[1] != parts[2]:
            named_by_owner = parts[1]  # go-chi/chi is "go-chi", golang-migrate/migrate too
    elif ecosystem == "nuget" and "." in lowered:
        short = lowered.rsplit(".", 1)[-1]  # Microsoft.Extensions.Http.Polly is Polly
        if short in _SERVES or short in _NUGET_PLATFORMS:
            short = lowered  # ... but Radzen.Blazor is not "Blazor", nor Serilog.AspNetCore
        named_by_owner = lowered.replace(".", " ")  # Radzen.Blazor is "Radzen Blazor"
    elif ecosystem == "github-actions" and "/" in lowered:
        owner, repo = lowered.split("/", 2)[:2]
        if repo in ("actions", "action"):
            short = owner  # snyk/actions is Snyk's
        elif (tool := _ACTION_AFFIX.sub("", repo)) != repo and len(tool) >= 4:
            short = tool  # aquasecurity/tfsec-action is tfsec, github/codeql-action CodeQL
    elif ecosystem == "npm" and lowered.startswith("@") and "/" in lowered:
        scope, name_only = lowered[1:].split("/", 1)
        if len(name_only) >= 4 and (scope.startswith(name_only) or name_only.startswith(scope)):
            short = name_only  # @shoelace-style/shoelace is Shoelace, @uswds/uswds USWDS
    elif ecosystem == "composer" and "/" in lowered:
        vendor, name_only = lowered.split("/", 1)
        if vendor.startswith(name_only) or name_only.startswith(vendor):
            short = name_only  # guzzlehttp/guzzle is Guzzle, laminas/laminas-mvc-middleware
        # ... but symfony/config is not "Config", nor sylius/resource "Resource"
    if len(short) < 4:
        short = lowered  # "api" of OpenTelemetry.Api stands for nothing by itself
    forms = [lowered, short] + ([named_by_owner] if named_by_owner else [])
    if ecosystem == "composer" and "/" in lowered:
        # A vendor's repository is often named in CamelCase for its kebab-case package: the
        # ADR's "Roave/SecurityAdvisories" is roave/security-advisories (dxw's template, round 27)
        forms.append(re.sub(r"[-_.]+", "", lowered))
    bare = _HOST_AFFIX.sub("", short)
    if len(bare) < 5:
        bare = short  # "core-js" is not "core": too short to stand for the package
    served = re.split(r"[-_.]+", short)
    # A package named for the framework it serves, by more than one word of its own, is
    # written without the framework: django-zen-queries is "Zen Queries" (not django-filter
    # "filter", nor flask-sqlalchemy "SQLAlchemy": one word stands for another package)
    own = "-".join(served[1:]) if len(served) >= 3 and served[0] in _SERVES else short
    for base in dict.fromkeys((short, bare, own)):
        if not base.startswith("@") and "/" not in base:
            forms += [base, re.sub(r"[-_.]+", " ", base), re.sub(r"[-_.]+", "", base)]
    return [f for f in dict.fromkeys(forms) if len(f) > 1]


def _span(text: str, group: list[tuple[int, int, str]]) -> int:
    return group[-1][0] + len(group[-1][2]) - group[0][0]


@dataclass(frozen=True, slots=True)
class DependencyReading:
    """What a record decides about packages, and why."""

    effects: tuple[tuple[Package, str, str], ...]  # (package, value, cue)
    unclear: tuple[str, ...] = ()
    unresolved: tuple[str, ...] = ()  # names a cue points at that nothing grounds
    reading: tuple[str, ...] = ()
    # Words of any case a verb adopts or drops that nothing grounds ("replace golang-migrate
    # with tern"): what a manifest of the repository's past may name. Never shown.
    lookups: tuple[str, ...] = ()


def read_dependencies(title: str, text: str, options: Iterable[str],
                      vocabulary: Vocabulary, words: cues.Cues,
                      look_up: bool = True) -> DependencyReading:
    """The title and the decision text of a record, and the options an ADR considered;
    `words` are the cues the packs' vocabulary fills in (`cues.of(rulebook.lexicon)`).
    `look_up`: also list the words a verb adopts or drops that nothing grounds (`lookups`)."""
    judged: dict[Package, list[tuple[str, str]]] = {}
    considered: list[Package] = []
    unresolved: list[str] = []
    lookups: list[str] = []
    reading: list[str] = []
    # A typographic apostrophe is the plain one ("We didn’t pick TypeScript").
    title, text = cues.plain_apostrophes(title), cues.plain_apostrophes(text)
    options = tuple(cues.plain_apostrophes(o) for o in options)
    text = _outcome_as_option(_chosen_by_label(text, options), options)
    if " " not in title.strip():
        title = re.sub(r"[-_]+", " ", title)  # a title taken from the file name
    title = _spelled_in_title(title, " ".join((text, *options)), vocabulary)
    headline: dict[Package, list[tuple[str, str]]] = {}
    # What the decision text names outside its reasons and its lists of options, in a
    # sentence that chooses something: a listed option the choice itself names is part of
    # what was decided, not rejected ("We use RQ backed by Redis" under options that all name
    # Redis). A sentence that chooses nothing gives reasons ("The tool `yarn` made breaking
    # changes", leadof/leadof, round 33).
    named: set[Package] = set()
    cuts = []
    if (choice := _TOPIC_THEN_CHOICE.match(title)) is not None:
        # "babel & ts-loader - use babel" (TerriaJS, round 26): what is weighed, then the
        # choice; only the choice is the title's reading.
        title = choice.group("choice")
    for n, (sentence, role) in enumerate([(title, ""), *_sentences(text)]):
        if len(sentence) > MAX_SENTENCE:
            cuts.append(cut_note("sentence", len(sentence), MAX_SENTENCE))
        plain = _plain(cut(sentence, MAX_SENTENCE), vocabulary)
        if role == OPTION:
            considered.extend(p for start, end, packages in vocabulary.mentions(plain)
                              if not _qualifies_another(plain, start, end) for p in packages)
            continue
        chose = _uses(judged)
        _read_sentence(plain, n == 0, vocabulary, words,
                       headline if n == 0 else judged, considered, unresolved, reading,
                       lookups if look_up else None, _AS_ITEM.get(role, ""),
                       _registry_links(sentence))
        if n and role != LISTED:
            reason = _REASON.search(plain)
            head = plain[:reason.start()] if reason else plain
            # (an item of the decision's own list is part of it: "- TypeScript types and
            # request functions are generated from the OpenAPI document")
            chooses = _uses(judged) > chose or role in (ITEM, USE_ITEM)
            if not _CONSIDERED.search(head):
                # ... or says it is in use, or will be ("we are already using Moq … we can
                # fall back to using Moq", Energinet-DataHub/energy-origin's ADR 10)
                named.update(p for start, _, packages in vocabulary.mentions(head)
                             for p in packages
                             if chooses or _IN_USE_BEFORE.search(head[:start]))
    if cuts and (judged or headline):
        # What follows a cut may change what was read: nothing binds, and the cut is named.
        return DependencyReading((), (f"{cuts[0]}; what follows may change the reading",),
                                 tuple(dict.fromkeys(unresolved)), tuple(reading))
    if any(v == USED for values in headline.values() for v, _ in values) and (
            topic := _title_as_topic(title, text, vocabulary)) is not None:
        # "Bootstrap" over a text about "the bootstrap backend" (ElektraInitiative/libelektra,
        # round 25): the title names what the record is about, not a package chosen
        for package in topic:
            if package in headline and {v for v, _ in headline[package]} == {USED}:
                del headline[package]
                reading.append(f"{package}: not chosen by the title alone; the text writes "
                               f"{title.strip().lower()!r} as a word, never as the name")
    for package, values in headline.items():
        if {c for _, c in values} == {BARE_TITLE} and package in judged \
                and {v for v, _ in judged[package]} != {USED}:
            # A title that only names it is what the record is about: "# Remix Auth" over
            # "Instead of relying on remix-auth …, we'll manage it ourselves" (epicweb-dev/
            # epic-stack, round 33) chooses nothing the text does not.
            judged[package].extend(values)
            continue
        if len({v for v, _ in values}) == 1 and package in judged:
            # The title is the decision's headline: the body cannot overturn what it says.
            if {v for v, _ in judged[package]} != {values[0][0]}:
                reading.append(f"{package}: the title's reading ({values[0][0]}) stands over "
                               "the text's")
            judged[package] = values
        else:
            judged.setdefault(package, []).extend(values)
    grouped: list[list[Package]] = []  # the options a record lists as such (MADR's), each's names
    for option in options:  # often in Title Case, where a capital marks no name
        head = cut(_option_head(option), MAX_SENTENCE)
        in_name = vocabulary.mentions(head, title=True)
        if not in_name and not option.startswith(f"{head}:"):
            head = cut(option, MAX_SENTENCE)
            in_name = vocabulary.mentions(head, title=True)
        grouped.append([p for start, end, packages in in_name
                        if not _qualifies_another(head, start, end) for p in packages])
    listed = [p for group in grouped for p in group]
    effects: list[tuple[Package, str, str]] = []
    unclear: list[str] = []
    for package, values in judged.items():
        kinds = {v for v, _ in values}
        if len(kinds) > 1:
            unclear.append(f"{package} is both used and avoided here ("
                           + "; ".join(f"{v}: {c}" for v, c in values) + ")")
            continue
        effects.append((package, values[0][0], values[0][1]))
    used = {p for p, v, _ in effects if v == USED}
    chosen = bool(used)
    # The chosen option, the one option that names every package chosen: its other names
    # come with it ("fast-check (with optional @fast-check/vitest adapter)", windlasstech/
    # vers-js's ADR 52, round 41), not rejected. ("Use Ionic with Vue" is not "Use Ionic with
    # Angular".)
    holding = [group for group in grouped if used and used <= set(group)]
    decided = {p for p, _, _ in effects} | {p for p in judged} | named | (
        set(holding[0]) if len(holding) == 1 else set())
    if chosen and not _ORDINAL_CHOICE.search(title):
        for package in dict.fromkeys([*listed, *considered]):
            if package in decided:
                continue
            if package not in listed and vocabulary.declared \
                    and package not in vocabulary.declared:
                # An alternative the prose mentions in passing, that no manifest here ever
                # declared: the alias table's guess of its package is not this team's word
                # ("common alternatives are New Relic and DataDog"); listed, not bound. An
                # option the record lists as one (MADR's "Considered Options") binds.
                unresolved.append(f"{package.name} (considered, never in a manifest here)")
            else:
                effects.append((package, REJECTED, "a considered option not chosen"))
                reading.append(f"{package}: rejected (considered, not chosen)")
    return DependencyReading(tuple(effects), tuple(unclear), tuple(dict.fromkeys(unresolved)),
                             tuple(reading), tuple(dict.fromkeys(lookups)))


# "Vite also uses Rollup underneath for production builds" (ElektraInitiative/PermaplanT's
# build-tool ADR, round 38): what the choice itself uses, said between the two names.
# ("Good, because NestJS can use Express", bcgov/visitz-api's ADR 3, round 39: NestJS runs on
# Express by default)
_CHOICE_USES = re.compile(r"^[`'\"*_\])]*(?:\s+(?:also|itself|internally|already))?\s+(?:uses"
                          r"|can\s+(?:use|run\s+on)"
                          r"|relies\s+on|depends\s+on|is\s+(?:built|based)\s+on|builds\s+on"
                          r"|wraps|bundles|ships\s+with|runs\s+on)\s+(?:the\s+)?[`'\"*_\[]*$",
                          re.IGNORECASE)


def parts_of_choice(text: str, chosen: Iterable[Package], rejected: Iterable[Package],
                    vocabulary: Vocabulary) -> dict[Package, str]:
    """The rejected options that, by the record's own words (`text`: all of it), the chosen
    package uses: rejecting Rollup as the build tool is not ruling out the Rollup that the
    chosen Vite runs on. Each with the sentence that says so."""
    chosen, rejected = set(chosen), set(rejected)
    out: dict[Package, str] = {}
    if not chosen or not rejected:
        return out
    for line in _logical_lines(text):
        for sentence in _SENTENCE_END.split(line):
            plain = _plain(sentence, vocabulary)
            found = vocabulary.mentions(plain)
            for (_, end, first), (start, _, second) in pairwise(found):
                if chosen.intersection(first) and _CHOICE_USES.match(plain[end:start]):
                    for package in rejected.intersection(second):
                        out.setdefault(package, sentence.strip())
    return out


_IN_USE_BEFORE = re.compile(r"\b(?:use|uses|used|using|keep|keeps|keeping|fall\s*back\s+to"
                            r"(?:\s+using)?)\s+(?:the\s+|our\s+)?[`'\"*_]*$", re.IGNORECASE)


# "The second messaging integration will be text messages via Twilio" (nilscodes/
# reach-your-people, round 35): choosing what comes first, or next, defers the other options;
# it rejects none.
_ORDINAL_CHOICE = re.compile(r"\b(?:first|second|third|fourth|next|initial)\s+(?:[\w-]+\s+){0,2}"
                             r"(?:integration|step|phase|milestone|target|provider|platform"
                             r"|channel|connector|adapter|back ?end|implementation)s?\b",
                             re.IGNORECASE)


def _uses(judged: dict[Package, list[tuple[str, str]]]) -> int:
    """How many readings of a use there are so far."""
    return sum(v == USED for values in judged.values() for v, _ in values)


_LINK = re.compile(r"\[([^\]\n]{1,200})\]\(([^)\s]{0,500})\)")
_REGISTRIES = frozenset({"npm", "yarn", "pnpm", "pip", "pypi", "gem", "rubygems", "cargo",
                         "crates", "nuget", "composer", "maven", "go"})
# "the lograge gem", "the Data Migrate gem": a name followed by what it is names a package,
# whatever else polarity would make of the noun.
# The nouns only a registry's packages bear, and that registry ("a bootstrap module" may be
# anyone's module; "the `tendermint` crate" is no npm package).
_REGISTRY_OF_NOUN = {"gem": "rubygems", "crate": "cargo"}
# ... and "framework": "Use the _electron_ framework for standalone CodeCharta-Visualization"
# (MaibornWolff/codecharta's ADR 10, round 40), whose emphasis closes before the noun.
_PACKAGE_NOUNS = (*_REGISTRY_OF_NOUN, "library", "package", "module", "plugin", "dependency",
                  "driver", "framework")
_PACKAGE_NOUN = re.compile(r"^(?:[`'\"]?|[*_]{1,2})\s+(?P<noun>" + "|".join(_PACKAGE_NOUNS)
                           + r")s?\b", re.IGNORECASE)


def _plain(sentence: str, vocabulary: Vocabulary | None = None) -> str:
    """Markdown links as their text, marked as code: a link names a thing. Where the text
    says more than the name and the address ends in one of its words ("[interactive-templates
    repo](https://github.com/o/interactive-templates)"), that word is the name. Where the
    text is a name no manifest or alias knows and the address ends in a name the manifests
    ground (a package's name or short form, not a family's first word) that spells it
    ("[aXe](https://github.com/dequelabs/axe-core)"), the address names the package."""
    def text(m: re.Match[str]) -> str:
        written = m.group(1)
        if "`" in written:
            return written
        last = m.group(2).rstrip("/").rsplit("/", 1)[-1].lower()
        words = written.split()
        if len(words) > 1 and last in (w.lower() for w in words):
            return " ".join(f"`{w}`" if w.lower() == last else w for w in words)
        if vocabulary is not None and _spells(written, last) \
                and not vocabulary.mentions(f"`{written}`") and vocabulary.mentions(f"`{last}`") \
                and (last not in vocabulary.families
                     or any(p.name.lower() == last for p in vocabulary.declared)):
            return f"`{last}`"  # a package's name or short form, not a family's first word
        return f"`{written}`"
    def referenced(m: re.Match[str]) -> str:
        return m.group(1) if "`" in m.group(1) else f"`{m.group(1)}`"
    # a reference-style link, "[Vitest][1]" (its address defined elsewhere): its text, as a
    # link's (Enalean/tuleap, round 37: "no more dependencies on [Vuex][1] or [Pinia][2]"
    # adopted Pinia)
    sentence = _REFERENCE_LINK.sub(referenced, sentence)
    return _SPELLED_OUT.sub(_by_acronym, _LINK.sub(text, sentence))


_REFERENCE_LINK = re.compile(r"\[([^\]\[\n]+)\]\[[^\]\[\n]*\]")


# "Mock Service Worker (MSW)": a name spelled out, then the acronym its words' initials make
# (TerriaJS's ADR 14, round 26); the acronym is what a manifest may name, so it stands for both.
_SPELLED_OUT = re.compile(r"\b(?P<words>(?:[A-Z][\w-]*\s+){1,4}[A-Z][\w-]*)\s*"
                          r"\((?P<short>[A-Z][A-Za-z0-9]{1,7})\)")


_NOT_CHOSEN_BEFORE = re.compile(
    r"(?:\bnot|n't|\bnever)\s+(?:\w+ly\s+)?(?:pick(?:ed)?|cho(?:ose|se|sen)|select(?:ed)?"
    r"|opt(?:ed)?\s+for|go(?:ne)?\s+(?:with|for)|went\s+(?:with|for))\s+"
    r"(?:the\s+|an?\s+)?[`'\"*_\[]*$", re.IGNORECASE)
_CAPITALISED_RUN = re.compile(r"\b(?:[A-Z][\w-]*\s+){1,4}[A-Z][\w-]*")
_ACRONYM_WORD = re.compile(r"\b[A-Z][A-Z0-9]{1,7}\b")


def _spelled_in_title(title: str, text: str, vocabulary: Vocabulary) -> str:
    """A title that spells out a name its record writes as an acronym: "Use Markdown
    Architectural Decision Records" of a record choosing "MADR 2.1.2" (qhana-plugin-runner,
    elastisys/compliantkubernetes, round 29) chooses MADR, not the `markdown` package a docs
    site declares. The run of capitalised words whose initials the text writes as a word is
    that word, unless the run is itself a name the vocabulary knows ("React Testing
    Library")."""
    acronyms = {a.lower() for a in _ACRONYM_WORD.findall(text)}
    if not acronyms:
        return title

    def shortened(found: re.Match[str]) -> str:
        words = found.group(0).split()
        for n in range(len(words) - 1):
            run = " ".join(words[n:])
            if "".join(w[0] for w in words[n:]).lower() in acronyms and not any(
                    end - start == len(run) for start, end, _ in vocabulary.mentions(run)):
                return " ".join([*words[:n], "".join(w[0] for w in words[n:]).upper()])
        return found.group(0)

    return _CAPITALISED_RUN.sub(shortened, title)


_CHOOSING_BEFORE = re.compile(r"\b(?:use|using|adopt\w*|cho(?:ose|se|sen)|select\w*|to|with)\s+"
                            r"(?:the\s+|an?\s+)?[`'\"*_\[]*$", re.IGNORECASE)


def _by_acronym(found: re.Match[str]) -> str:
    """... where a verb of choosing (or "to", "with") comes right before the spelled-out name:
    an acronym explained in passing ("Cascading Style Sheets (CSS)") stays as written."""
    if _CHOOSING_BEFORE.search(found.string[:found.start()]) is None:
        return found.group(0)
    words = found.group("words").split()
    short = found.group("short")
    for n in range(len(words)):
        if "".join(w[0] for w in words[n:]).lower() == short.lower():
            return " ".join([*words[:n], short])
    return found.group(0)


def _spells(written: str, name: str) -> bool:
    """Whether a link's text is its address's package name in other letters: the one
    contains the other, folded ("aXe" and axe-core, "Lucia Auth" and lucia), and neither is
    a mere word of two letters."""
    folded, target = (re.sub(r"[^a-z0-9]", "", x.lower()) for x in (written, name))
    return min(len(folded), len(target)) >= 3 and (folded in target or target in folded)


def _quoted(text: str, start: int, end: int) -> bool:
    """The name at [start, end) sits in a code span of several words besides it: a command,
    a commit title, a line of configuration quoted as an example ("For example: `deps: Bump
    Micronaut to 2.5.2 version`", croz-ltd/klokwrk-project's commit-format ADR; round 24),
    not the writer's own words. A span that is the name alone (`Spring Boot`) is the name."""
    for span in cues.CODE_SPAN.finditer(text):
        if span.start() < start and end < span.end():
            rest = text[span.start(1):start] + text[end:span.end(1)]
            # other words than a version or the package's own nouns ("`X nuget package`",
            # a link's text in code form)
            return any(word.lower() not in _PACKAGE_WORDS
                       for word in re.findall(r"[A-Za-z]{2,}", rest))
    return False


_PACKAGE_WORDS = frozenset((*_PACKAGE_NOUNS, *(f"{n}s" for n in _PACKAGE_NOUNS), "libraries",
                            "dependencies", "npm", "nuget", "pypi", "maven", "gradle", "cargo",
                            "composer", "the", "an", "version"))


def _title_as_topic(title: str, text: str, vocabulary: Vocabulary) -> tuple[Package, ...] | None:
    """The packages a title that is one capitalised name and nothing else grounds, where the
    text writes that word only in lower case outside code, where it names no package
    ("during bootstrap"; "vuex modules" names one): the title is then the record's topic.
    None otherwise."""
    name = title.strip(" \t*_#:")
    found = vocabulary.mentions(name, True)
    if len(found) != 1 or found[0][:2] != (0, len(name)) or name == name.lower() \
            or not text.strip():
        return None
    prose = re.sub(r"`[^`\n]*`", " ", text)
    if re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", prose) or re.search(
            rf"`{re.escape(name)}`", text, re.IGNORECASE):
        return None
    if re.search(rf"(?<![\w.-]){re.escape(name.lower())}(?![\w-])", prose) is None or any(
            set(packages) & set(found[0][2]) for _, _, packages in vocabulary.mentions(prose)):
        return None  # not written in lower case, or written so as the name ("vuex modules")
    return found[0][2]


def _read_sentence(sentence: str, is_title: bool, vocabulary: Vocabulary, words: cues.Cues,
                   judged: dict[Package, list[tuple[str, str]]], considered: list[Package],
                   unresolved: list[str], reading: list[str],
                   lookups: list[str] | None = None, item: str = "",
                   linked: dict[str, str] | None = None) -> None:
    """`item`: the sentence opens an item of a list of choices (ITEM, or USE_ITEM when the
    lead-in chose nothing), which, as a title does, adopts the name it opens with when what
    follows names its use ("- **Vite** as our bundler", "- Pytest: a testing framework"),
    or, for ITEM, when nothing follows."""
    for offset, part in clauses(sentence, lambda t: bool(vocabulary.mentions(t))):
        # "a NPM package": a registry's name before the noun says where a package comes
        # from, not which.
        opens = bool(item) and offset == 0
        found = _in_linked(part, _named(part, vocabulary.mentions(part, is_title, opens)), linked)
        matched = [(end, m) for _, end, _ in found
                   if (m := _PACKAGE_NOUN.match(part[end:])) is not None]
        nouns = [(end, end + m.end()) for end, m in matched]
        # "the omniauth gem": a name its registry's own noun marks keeps its package once
        # the noun is cut, a package of that registry only
        registry = {end: ecosystem for end, m in matched
                    if (ecosystem := _REGISTRY_OF_NOUN.get(m.group("noun").lower()))}
        marked = set(registry)
        # ... and so does one a noun marked as a name where prose would not ("with the pgx
        # driver": a lower-case word after an article counts only so), but for a word that
        # is one only as a piece of a module path ("the Wasm light client module")
        named_by = {start for start, _ in nouns}
        by_noun = {part[start:end].strip("`'\""): tuple(
                       p for p in packages if registry.get(end, p.ecosystem) == p.ecosystem)
                   for start, end, packages in found
                   if end in marked or not vocabulary.lookup(part[start:end])
                   or (end in named_by and not vocabulary.module_piece(part[start:end]))}
        for cut_from, cut_to in reversed(nouns):  # "the lograge gem" is read as "lograge"
            part = part[:cut_from] + part[cut_to:]
            sentence = sentence[:offset + cut_from] + sentence[offset + cut_to:]
        if nouns:
            found = _in_linked(part, _named(part, vocabulary.mentions(part, is_title, opens)),
                               linked)
            # A name only its noun grounded keeps its package once the noun is cut.
            taken = {start for start, _, _ in found}
            for m in _TOKEN.finditer(part):
                word = m.group(0).rstrip(".,:;)")
                if word in by_noun and m.start() not in taken:
                    found.append((m.start(), m.start() + len(word), by_noun[word]))
            found.sort(key=lambda f: f[0])
        if is_title:
            _note_unresolved(part, found, unresolved)
        if lookups is not None:
            _note_lookups(part, found, lookups)
        if not found:
            continue
        # What a clause decides is read before the reason it gives: "Flyway or Liquibase,
        # because we need migrations" decides nothing ("need" is the reason's word).
        reason = _REASON.search(part)
        head = part[:reason.start()] if reason else part
        # ... and a relative clause set off by a comma says what its antecedent does, not
        # what is decided: "some design lineage in Hanami, shared with Sequel and ROM, which
        # should prove complementary" (mlibrary/lauth's ADR 5, round 40) chooses nothing
        # ("Redis, which we will use for caching" still does).
        if (described := _DESCRIBING_TAIL.search(head)) is not None:
            head = head[:described.start()]
        clause = clause_of(head)
        previous: tuple[int, Polarity, str] | None = None
        contrast = False
        pending: list[tuple[tuple[Package, ...], str, Polarity, int]] = []
        judgements: list[tuple[int, int, tuple[Package, ...], str, str, str]] = []
        for n, (start, end, packages) in enumerate(found):
            written = part[start:end]
            if reason is not None and start >= reason.start():
                value, polarity, cue = "", Polarity.MENTIONED, f"a reason ({reason.group(0)})"
            elif _quoted(part, start, end):
                value, polarity, cue = "", Polarity.MENTIONED, "inside a quoted example"
            else:
                value, polarity, cue = _judge(clause, part, start, end, previous, written,
                                              sentence[:offset + start], words)
            if value == AVOIDED and _CIRCUMSTANCE_BEFORE.search(sentence[:offset + start]) \
                    and _CIRCUMSTANCE_ENDS.match(sentence[offset + end:]):
                value, polarity = "", Polarity.MENTIONED
                cue = "what the circumstance the sentence opens on leaves, not its decision"
            if value and _GIVEN_BEFORE.search(sentence[:offset + start]) \
                    and (given := _CIRCUMSTANCE_ENDS.match(sentence[offset + end:])) \
                    and not re.search(rf"(?<![\w-]){re.escape(written.strip('`*_'))}(?![\w-])",
                                      sentence[offset + end + given.end() - 1:], re.IGNORECASE):
                # (unless the decision names it again: "Given the good experiences others have
                # had with Webpack, we've decided to run the pipeline using npm and webpack",
                # raster-foundry/raster-foundry's ADR 4)
                value, polarity = "", Polarity.MENTIONED
                cue = "what the sentence takes as given, not its decision"
            if value == AVOIDED and cue.lower().startswith("from") and n + 1 == len(found):
                value = ""  # "deploys from Travis": "from" leaves a package for another one
            if value == USED and (kept := _KEPT_BEFORE.search(part[:start])) is not None:
                cue = f"{KEPT} ({kept.group(0).strip()})"  # still used, not the replacement
            previous = (end, polarity, written)
            contrast = contrast or value == AVOIDED
            judgements.append((start, end, packages, written, value, cue))
            if value == "considered":
                considered.extend(packages)
                continue
            pending.append((packages, written, polarity, start))
            if value:
                _add(judged, packages, value, cue, written, reading)
        _swapped_things(part, judgements, words, judged, reading)
        if not is_title:
            _stated_before_reason(part, pending, words, judged, reading)
        for packages, written, polarity, _start in pending:
            # "RQ for background jobs, not Celery": a bare statement adopts what it
            # contrasts with what it rules out; so does a title that opens with the name.
            name = written.strip("*_`")  # a mention in code form takes its quotes along
            head = part.strip().lstrip("*_` ")
            rest = head[len(name):].lstrip("*_`")
            whole = sentence.strip().lstrip("*_` ")[len(name):].strip("*_`:;,. ")
            opens = (is_title or bool(item)) and head.startswith(name) and \
                _NAMES_ITS_USE.match(rest) is not None \
                and (item != USE_ITEM or (whole != "" and _OWN_CLAUSE.match(whole) is None)) \
                and (not item or _FINITE_VERB.search(_RELATIVE.split(whole)[0]) is None)
            if polarity is Polarity.AFFIRMED and not clause.directive and (contrast or opens) \
                    and not any(p in judged for p in packages):
                _add(judged, packages, USED, BARE_TITLE, written, reading)


def _swapped_things(part: str, judgements: list[tuple[int, int, tuple[Package, ...], str, str,
                                                    str]],
                    words: cues.Cues, judged: dict[Package, list[tuple[str, str]]],
                    reading: list[str]) -> None:
    """A swap whose object is things of a name and whose replacement the same verb adopts
    leaves that name: "Replace existing Cypress tests with end-to-end tests written in
    Playwright" (benjamminj/portfolio's ADR 8, round 32) drops Cypress. Where the same verb
    adopts no replacement, things of a name stay things of it: "replace the Mocha tests with
    Jest tests" reads nothing."""
    for start, end, packages, written, value, cue in judgements:
        if value or not cue.startswith("names the "):
            continue
        verb = cues.SWAP_OBJECT_BEFORE.search(part[:start])
        thing = words.object_after.match(part[end:])
        if verb is None or thing is None:
            continue
        rest = end + thing.end()
        said = verb.group(0).split()[0]
        if cues.REPLACEMENT_AFTER.match(part[rest:]) is not None and any(
                at >= rest and v == USED and c == said for at, _, _, _, v, c in judgements):
            _add(judged, packages, AVOIDED, said, written, reading)


# A link to a package's page on its registry says which ecosystem the name is of:
# "[Testcontainers](https://www.npmjs.com/package/testcontainers)" is npm's, not the Maven
# artifact of that name another part of the repository declares.
_REGISTRY_PAGE = re.compile(
    r"(?:https?://)?(?:www\.)?(?P<host>npmjs\.com/package|pypi\.org/project|crates\.io/crates"
    r"|docs\.rs|rubygems\.org/gems|nuget\.org/packages|packagist\.org/packages|pkg\.go\.dev"
    r"|pub\.dev/packages"
    r"|mvnrepository\.com/artifact)/", re.IGNORECASE)
_REGISTRY_ECOSYSTEM = {"npmjs.com/package": "npm", "pypi.org/project": "pypi",
                       "crates.io/crates": "cargo", "docs.rs": "cargo",
                       "rubygems.org/gems": "rubygems", "nuget.org/packages": "nuget",
                       "packagist.org/packages": "composer", "pkg.go.dev": "go",
                       "mvnrepository.com/artifact": "maven", "pub.dev/packages": "pub"}


def _registry_links(sentence: str) -> dict[str, str]:
    """Link text (lower-cased, as `_plain` writes it) -> the ecosystem its address is of."""
    return {m.group(1).strip("`*_ ").lower(): _REGISTRY_ECOSYSTEM[page.group("host").lower()]
            for m in _LINK.finditer(sentence)
            if (page := _REGISTRY_PAGE.match(m.group(2))) is not None}


def _in_linked(part: str, found: list[tuple[int, int, tuple[Package, ...]]],
               linked: dict[str, str] | None) -> list[tuple[int, int, tuple[Package, ...]]]:
    """The mentions of `found`, each a link to a registry's page keeping only the packages
    of that registry; one that grounds none there names nothing."""
    if not linked:
        return found
    out = []
    for start, end, packages in found:
        ecosystem = linked.get(part[start:end].strip("`'\"*_").lower())
        kept = packages if ecosystem is None else tuple(
            p for p in packages if p.ecosystem in (ecosystem, ANY))
        if kept:
            out.append((start, end, kept))
    return out


def _named(part: str, found: list[tuple[int, int, tuple[Package, ...]]],
           ) -> list[tuple[int, int, tuple[Package, ...]]]:
    """The mentions of `found` but a registry's name before a package noun."""
    return [(start, end, packages) for start, end, packages in found
            if part[start:end].strip("`'\"").lower() not in _REGISTRIES
            or _PACKAGE_NOUN.match(part[end:]) is None]


# MADR's outcome naming an option by its label ("Chosen option: A", "Chosen option: "Option
# 2"") where the considered options are labelled ("A. Expand the integration tests using
# Testcontainers").
# ... also in brackets: "Chosen option: "[option 1]"" (change-metrics/monocle, round 35)
_CHOSEN_LABEL = re.compile(r"(?im)^(?P<lead>[\s*_]*chosen option:?[\s*_\"']*)\[?(?:option\s+)?"
                           r"(?P<label>[A-Z]|\d{1,2})\]?(?P<end>[\s*_\"'.]*(?:$|,|;|\())")


def _chosen_by_label(text: str, options: tuple[str, ...]) -> str:
    """`text` with an option chosen by its label written out as the option's own words."""
    def spelled(found: re.Match[str]) -> str:
        label = re.escape(found.group("label"))
        for option in options:
            named = re.match(rf"\[?(?i:option\s+)?{label}(?:\]|[.):])\s+(.+)", option.strip())
            if named is not None:
                return f"{found.group('lead')}{named.group(1)}{found.group('end')}"
        return found.group(0)
    return _CHOSEN_LABEL.sub(spelled, text) if options else text


# A title that names what is weighed, then the choice after a dash or colon.
_TOPIC_THEN_CHOICE = re.compile(
    r"^(?P<topic>(?:(?!\b(?:use|using|adopt|choose|replace|remove|drop|migrate|switch|move)\b)"
    r"[^:\u2013\u2014])+?)(?:\s(?:-|\u2013|\u2014)|:)\s+(?P<choice>(?:use|adopt|choose|replace"
    r"|remove|drop|migrate|switch|move|keep|stay)\b.+)$", re.IGNORECASE)


def _outcome_as_option(text: str, options: tuple[str, ...]) -> str:
    """MADR's outcome that opens with one of the considered options as it was listed,
    without "Chosen option:" (mozilla/blurts-server's "Jest (with the Rust Compiler)" over the
    options "No Change - Ava", "Jest (with the Rust Compiler)", "Jest (with Babel)"): that
    option is the one chosen, and is read so."""
    if not options:
        return text
    lines = text.split("\n")
    first = next((n for n, line in enumerate(lines) if line.strip()), None)
    if first is None or lines[first].lstrip().startswith(("#", "|")) \
            or _name_alone(lines[first]) is not None:
        return text  # a heading, a table, or a name alone, which `_sentences` reads as chosen
    listed = {_option_key(option) for option in options}
    if _option_key(lines[first]) in listed - {""}:
        lines[first] = f"Chosen option: {lines[first].strip()}"
    return "\n".join(lines)


# The head nouns that say what kind of thing a name is ("the Jest framework", "Redis
# client"): after one, the name is still what the option is.
_KIND_NOUNS = frozenset(("framework", "frameworks", "library", "libraries", "lib", "package",
                         "packages", "module", "modules", "sdk", "client", "clients", "driver",
                         "drivers", "adapter", "orm", "database", "db", "server", "service",
                         "engine", "cli", "runtime", "toolkit", "tool", "tools"))
_NEXT_CAPITAL = re.compile(r"[`'\"*_\]]*[ \t]+([A-Z][\w.+-]*)")


def _qualifies_another(text: str, start: int, end: int) -> bool:
    """Whether a name in an option only qualifies what the option is: a feature of it ("EF
    Core's `UseSeeding`", SSWConsulting/SSW.VerticalSliceArchitecture, round 38), another
    product whose name it begins ("React Docgen", "Doctrine Migrations", "Laravel Migrations":
    ElektraInitiative/PermaplanT and elan-registry/registry, round 38), or what the option
    was once called or comes from ("TanStack Table (formerly React Table)"). Rejecting the
    option rejects that, not the name."""
    if _POSSESSIVE.match(text[end:]) or _RELATED_BEFORE.search(text[:start]):
        return True
    following = _NEXT_CAPITAL.match(text, end)
    return following is not None and following.group(1).lower() not in _KIND_NOUNS \
        and following.group(1).lower() not in stopwords()


def _option_head(option: str) -> str:
    """An option as it is named, without what its description says: "[Mapbox GL Draw](…):
    … works well with Mapbox and Maplibre GL" is the Mapbox GL Draw option, not MapLibre's
    (hotosm/fAIr, round 26, where MapLibre was the chosen map library). Before a dash, a
    head that names nothing ("No Change - Mocha") leaves the whole option to be read."""
    head = re.split(r":\s|\s[-\u2013\u2014]\s", option, maxsplit=1)[0]
    return head if head != option and len(head.split()) <= 8 else option


def _option_key(line: str) -> str:
    return re.sub(r"\s+", " ", line.strip().strip("*_`'\".:; ")).lower()


def _stated_before_reason(part: str, pending: list[tuple[tuple[Package, ...], str, Polarity, int]],
                          words: cues.Cues, judged: dict[Package, list[tuple[str, str]]],
                          reading: list[str]) -> None:
    """MADR's outcome written without "Chosen option:" ("Flyway, because …"): the names
    before the reason are adopted, judged by what comes before it, not by the reason's
    words; a list that leaves the choice open ("Redis or Memcached, because") adopts none."""
    bare = _BARE_CHOICE.match(part)
    if bare is None or _OR.search(bare.group("names")) or _AUXILIARY.search(bare.group("names")):
        # (a clause of its own says something of a name: "Hangfire's LGPL v3 is satisfiable
        # here, because …", Krzysztof318/MailFathom's ADR 9, round 40, which refused it)
        return
    head = part[:bare.end("names")]
    clause = clause_of(head)
    for packages, written, _polarity, start in pending:
        if start < len(head) and not any(p in judged for p in packages) and judge_value(
                clause, start, start + len(written), words).polarity is Polarity.AFFIRMED:
            _add(judged, packages, USED, BARE_TITLE, written, reading)


# "We'll continue to use `pydantic-settings`" beside "Replace DLT" (round 27): a package
# the decision keeps is still used, but it is not what replaces the dropped one.
KEPT = "kept"
_KEPT_BEFORE = re.compile(r"\b(?:continu\w*\s+(?:to\s+use|using|with)|keep\w*\s+(?:using|on"
                          r"\s+using)|still\s+use[sd]?|remain\w*\s+on)\s+(?:the\s+)?"
                          r"[`'\"*_\[]*$", re.IGNORECASE)
# "instead of adding …", "rather than building …": an alternative stated as an action, whose
# names up to the mention belong to it.
_INSTEAD_OF_DOING = re.compile(r"\b(?:instead of|rather than)\s+\w+ing\b[^,;.]*$", re.IGNORECASE)


# A number word counting the words after it: "replace the logic with six new filters"
# (openedx/edx-enterprise's ADR 16, round 31) names no `six` package; "use six for Python 2
# compatibility" and "replace six with …" do, a function word coming next.
_NUMBER_WORDS = frozenset("two three four five six seven eight nine ten eleven twelve".split())
_COUNTED_AFTER = re.compile(r"[ \t]+(?!(?:a|an|the|and|or|nor|for|with|to|in|on|of|is|are|was"
                            r"|were|will|as|by|from|at|which|that|instead|since|because|so"
                            r"|but|if|when|where|via|into|over|than|too|also)\b)[a-z][\w-]*")


def _judge(clause: object, part: str, start: int, end: int,
           previous: tuple[int, Polarity, str] | None, written: str,
           in_sentence: str, words: cues.Cues) -> tuple[str, Polarity, str]:
    """(value or "" or "considered", polarity, cue) for one grounded mention;
    `in_sentence` is all of the sentence before it (a clause split may cut an "e.g.")."""
    before = part[:start]
    if written in _NUMBER_WORDS and not before.endswith(("`", "'", '"')) \
            and _COUNTED_AFTER.match(part[end:]):
        return "", Polarity.MENTIONED, "a number counting what follows"
    if _SCHEME_AFTER.match(part[end:]):
        return "", Polarity.MENTIONED, "a registry's or a scheme's prefix"  # Deno's `npm:`
    if _POSSESSIVE.match(part[end:]) or _API_PATH.match(part[end:]):
        return "", Polarity.MENTIONED, "a feature of it"  # "Rails' form builder", `toml::Value`
    if _FEATURE_OF.search(before):
        return "", Polarity.MENTIONED, "a feature of it"  # "a new feature of Rails"
    if _OWN_BEFORE.search(part[:start]):
        return "", Polarity.MENTIONED, "the project's own code, not the package"
    if written.lower() in _FORMATS and _FORMAT_ARTIFACT_AFTER.match(part, end):
        return "", Polarity.MENTIONED, "files in a format of that name, not the package"
    if _RUN_AFTER.match(part[end:]) or (before.endswith("`") and _COMMAND.match(part, end)
                                        and not _DESCRIBED.match(part, end)):
        return "", Polarity.MENTIONED, "a command run"  # "start it with `yarn start`"
    if cues.EXAMPLE_BEFORE.search(in_sentence) or cues.EXAMPLES_AFTER.match(part[end:]):
        return "", Polarity.MENTIONED, "an example"  # "…, e.g. wikimedia/timestamp"
    if _SUBJECT_OF_USE.match(part[end:]):
        return "", Polarity.MENTIONED, "what uses something, not what is chosen"
    if _USE_AS_SUBJECT[0].search(before) and _USE_AS_SUBJECT[1].match(part[end:]):
        return "", Polarity.MENTIONED, "what its use brings about, described"
    if _NEGATED_DESCRIPTION.match(part[end:]):
        return "", Polarity.MENTIONED, "a negated description of it, not a decision"
    if _RESTRICTED_AFTER.match(part[end:]):
        return "", Polarity.MENTIONED, "how much it is used, restricted: not a choice"
    if not before.strip(" \t*_-`'\"") and _SET_OFF.match(part[end:]):
        return "", Polarity.MENTIONED, "a word that opens the clause, set off by a comma"
    if _ATTEMPT_BEFORE.search(before):
        return "", Polarity.MENTIONED, "an attempt, not a choice"
    if _MODEL_BEFORE.search(before):
        return "", Polarity.MENTIONED, "what something is modelled on, not a choice"
    if _RELATED_BEFORE.search(before):
        return "", Polarity.MENTIONED, "what the choice is related to, not a choice"
    if _INTEGRATES_WITH_BEFORE.search(before) and not cues.NEGATORS.search(before):
        return "", Polarity.MENTIONED, "what it works with, not a choice"
    if _COMPARED_BEFORE.search(before):
        return "", Polarity.MENTIONED, "what something is compared with, not a choice"
    if _EASE_BEFORE.search(before):
        return "", Polarity.MENTIONED, "how easy it is, described"
    if _RELATIVE_BEFORE.search(before):
        return "", Polarity.MENTIONED, "in a clause describing something else"
    if _IS_BUILT_WITH.search(before):
        return "", Polarity.MENTIONED, "what the code is built with, described"
    if _ALREADY_USED.search(before) or _FORMER_USING.search(before) or (
            _CURRENT_WITH.search(before) and not _MOVE_BEFORE.search(before)):
        return "", Polarity.MENTIONED, "already in use, described"
    if _KEEP_BEFORE.search(before) and _MEANWHILE_AFTER.match(part[end:]):
        return "", Polarity.MENTIONED, "kept for a while, not chosen"
    if (build := _WILL_BUILD_IN.search(before)) is not None and not _NEGATION_NEAR.search(
            before):
        return USED, Polarity.AFFIRMED, build.group(0).strip()
    if (named := _CHOICE_IS.search(before)) is not None and not _NEGATION_NEAR.search(before):
        return USED, Polarity.AFFIRMED, named.group(0).strip()  # "the library to be used is X"
    if (default := _IS_THE_DEFAULT.match(part, end)) is not None \
            and not _NEGATION_NEAR.search(before):
        # "[Vite][4] is the default module bundler for new Applications" (Enalean/tuleap's
        # ADR 18, round 37): the choice, stated as what is used unless said otherwise
        return USED, Polarity.AFFIRMED, default.group(0).strip(" `'\"*_]")
    if (replaced := _REPLACEMENT_FOR.search(before)) is not None:
        # "a replacement for csv", also after the choice it is for ("We will adopt Oxlint as
        # a replacement for ESLint", digitalservicebund/ris-search, round 20)
        return AVOIDED, Polarity.LEFT, replaced.group(0).strip()
    if _PURPOSE_AFTER_OBJECT.search(before) or _PURPOSE_NO_OBJECT.search(before):
        return "", Polarity.MENTIONED, "what the choice is for, not the choice"
    if (drop := _DROP_BEFORE.search(before) or _DROPPED_WITH.search(before)) is not None:
        if _ONE_USE_BEFORE.search(drop.group(0)) and _FOR_ONE_USE.match(part[end:]):
            # "deprecate the use of Sentry for alerts" (nhsuk/manage-vaccinations-in-schools'
            # ADR 13, round 39; Sentry still reports errors): one use dropped, not the package
            return "", Polarity.MENTIONED, "one use of it dropped, not the package"
        return AVOIDED, Polarity.LEFT, drop.group(0).split("(")[0].strip()
    if (listed := _LISTED_LEFT.search(before)) is not None:
        return AVOIDED, Polarity.LEFT, listed.group(0).split()[0]
    if _CONSIDERED.search(before) and not cues.DECIDED.search(before):
        if _WORKS_WITH.search(before):
            # "compatible with both backend deployment options: llama-cpp-python and vllm":
            # what a choice works with, not options weighed (leapfrogai, round 21)
            return "", Polarity.MENTIONED, "what it works with, not an option weighed"
        return "considered", Polarity.MENTIONED, ""
    if _OWNED_PART_BEFORE.search(before) and _NOUN_AFTER.match(part[end:]) \
            and not _CHANGING.search(before):
        return "", Polarity.MENTIONED, "a part of what is there, described"
    if (picked := _PASSIVE_PICKED.match(part[end:])) is not None \
            and _PASSIVE_SUBJECT_BEFORE.search(before) is not None \
            and getattr(clause, "mode", "") in ("", "hypothetical"):
        return USED, Polarity.AFFIRMED, picked.group(0).strip(" `'\"*_]")
    passive = _PASSIVE_USE.match(part[end:])
    if passive is not None and _PASSIVE_SUBJECT_BEFORE.search(before) is not None:
        mode = getattr(clause, "mode", "")
        verb, negated = passive.group("verb").lower(), bool(passive.group("not"))
        cue = passive.group(0)[passive.start("modal"):].strip()
        if _POSSIBLE.fullmatch(passive.group("modal")):
            return "", Polarity.MENTIONED, f"a possibility, not a choice ({cue})"
        if verb in _PASSIVE_CHOSEN and negated and not mode:
            return AVOIDED, Polarity.NEGATED, cue
        if verb in _PASSIVE_CHOSEN and not negated and mode in ("", "hypothetical"):
            return USED, Polarity.AFFIRMED, cue  # "… will be used if it's required"
        if verb in _PASSIVE_LEFT and not negated and not mode:
            return AVOIDED, Polarity.LEFT, cue
        return "", Polarity.MENTIONED, f"what is done to it, not a choice ({cue})"
    judged = judge_value(clause, start, end, words, previous, written)  # type: ignore[arg-type]
    if judged.polarity is Polarity.NEGATED and cues.NEG_AFTER.match(part[end:]) \
            and (own := _OWN_NOUN_AFTER.match(part[end:])) is not None \
            and own.group(1).lower() not in stopwords():
        # "Raw Meilisearch filter strings are never accepted" (opcotech/elemo, round 35): what
        # is ruled out is a thing of it, named after it ("the Moment.js library" is it)
        return "", Polarity.MENTIONED, f"a thing of it ruled out ({own.group(1)}), not it"
    if judged.polarity is Polarity.NEGATED and _CONDITION.search(part) \
            and not _ESCAPE.search(part):
        return "", Polarity.MENTIONED, "a condition, not a ban"  # "not X unless …"
    if judged.polarity is Polarity.NEGATED and _FAILS_WITH_BEFORE.search(before):
        return "", Polarity.MENTIONED, "what something else does not work with, not a ban"
    if judged.polarity is Polarity.NEGATED and _RELATION.search(before):
        return "", Polarity.MENTIONED, "independence, not a ban"  # "not tied to Flask"
    if judged.polarity is Polarity.NEGATED and judged.cue.lower() in ("not", "n't") \
            and _NEGATED_PREDICATE_BEFORE.search(before) is not None:
        return "", Polarity.MENTIONED, "a negated predicate of something else, not a ban"
    if judged.polarity is Polarity.NEGATED and (
            _CHANGED_BEFORE.search(before) or _CHANGE_AFTER.match(part[end:])
            or _NOT_NEEDING_BEFORE.search(before) or _NOT_KNOWING_BEFORE.search(before)
            or (_AGENT_BEFORE.search(before) and not _NO_LONGER.search(part))):
        return "", Polarity.MENTIONED, "no change to it, not a ban"  # "No Prometheus change"
    if judged.polarity is Polarity.AFFIRMED and (_POSSIBLE_WITH.search(before)
                                                 or _ADJECTIVE_CUE.search(before)):
        return "", Polarity.MENTIONED, f"a possibility or a description, not a choice " \
                                       f"({judged.cue})"
    if judged.polarity is Polarity.AFFIRMED and judged.cue.lower() == "only" \
            and not _ONLY_AFTER.match(part[end:]) and not _ONLY_BEFORE.search(before):
        # "The Alertmanager module will only be accessible using the new API": "only"
        # restricts what is said of the name, it does not make the name the only choice.
        return "", Polarity.MENTIONED, "a restriction on something else (only)"
    if judged.polarity is Polarity.NEGATED and _PART_SUBJECT.match(part):
        # "`core` module should not depend on any Spring Boot dependency": what one part of
        # the project keeps out, while another (its `spring-boot` module) depends on it.
        return "", Polarity.MENTIONED, "one part of the project keeps it out, not the project"
    if judged.polarity is Polarity.NEGATED and _HAS_NO.search(before):
        # "flatpickr has no jQuery dependency" (elan-registry/registry's ADR 15, round 38):
        # what another package lacks, said of it, keeps nothing out of the project
        return "", Polarity.MENTIONED, "what the name before it lacks, described"
    if judged.polarity is Polarity.NEGATED and _AVOIDS_SOMETHING_ELSE.search(before):
        # "Avoid confusion with the `useTransition` hook in React 18" (remix-run/react-router's
        # ADR 5): what is avoided is the confusion, not the name further on
        return "", Polarity.MENTIONED, "something else is avoided, not the name"
    if judged.polarity is Polarity.NEGATED and _NOTHING_DONE_IN.search(before):
        # "(no typechecking will be done in Vitest)" (Enalean/tuleap's ADR 14, round 37, the
        # ADR that moves to Vitest): what is not done there, not the name kept out
        return "", Polarity.MENTIONED, "where something is not done, not a ban on it"
    if judged.polarity is Polarity.NEGATED and _NOT_CHOSEN_BEFORE.search(before):
        # "We didn't pick TypeScript because …" (gsa-tts-archived/document-extractor-poc,
        # round 30): an option weighed and not chosen, as a MADR's are; it warns. "We will not
        # use X" keeps X out.
        return REJECTED, judged.polarity, judged.cue
    if judged.polarity is Polarity.LEFT and _COMPARED_CUE.fullmatch(judged.cue):
        # "Why we favour `astro-icon` over `svg-sprite`" (voorhoede/head-start, round 37):
        # an option weighed against the choice, as "chosen X over Y" is; it warns. Its ban
        # blocked the commit that later swapped to it. "Instead of", "replace" still drop.
        return REJECTED, Polarity.MENTIONED, judged.cue
    if judged.polarity in (Polarity.LEFT, Polarity.NEGATED):
        return AVOIDED, judged.polarity, judged.cue
    if judged.polarity is Polarity.AFFIRMED and _POSSIBLE.fullmatch(judged.cue):
        return "", Polarity.MENTIONED, f"a possibility, not a choice ({judged.cue})"
    if judged.polarity is Polarity.AFFIRMED and _DESCRIBES_BEFORE.search(before):
        return "", Polarity.MENTIONED, "describes the name before it"  # ", which wraps X"
    # The directive nearest before the name governs it, not the clause's first: "Directory
    # Tree Changes and Use React" adopts React by "Use".
    governing = [m.group(0) for m in cues.DIRECTIVE.finditer(before)]
    if judged.polarity is Polarity.AFFIRMED and not governing \
            and _MOVE_AFTER.search(part[end:]) is not None:
        # "the project used ESLint for JavaScript, we decided to change to standard": the
        # name a move comes after is where it starts, not where it goes.
        return "", Polarity.MENTIONED, "where a move starts, not where it goes"
    near = (governing or [judged.cue])[-1]
    if judged.polarity is Polarity.AFFIRMED and near.lower().startswith("chang") \
            and not _CHANGED_TO.search(part):
        # "state changes are copies", "an object that is changed via setters": no move
        return "", Polarity.MENTIONED, f"a change described, not a move ({near})"
    if judged.polarity is Polarity.AFFIRMED and _MOVE_CUE.match(near) and not (
            (moved := _MOVED_TO.search(before)) is not None
            and not (near.lower().startswith("from") and moved.group(1) == "with")):
        # "switch to `react-testing-library` now, and prefer … to the API of `enzyme`": a move
        # adopts where it goes, not every name its sentence goes on to give.
        return "", Polarity.MENTIONED, f"not where the move goes ({near})"
    if judged.polarity is Polarity.AFFIRMED and (_OR_NEXT.match(part[end:]) or (
            previous is not None and _OR_BETWEEN.fullmatch(before[previous[0]:]))):
        # "backend apps in Flask or Django should use Cloud Run" (GoogleCloudPlatform/emblem,
        # round 34): alternatives, neither chosen
        return "", Polarity.MENTIONED, "one of alternatives (or), not a choice"
    if judged.polarity is Polarity.AFFIRMED and (over := _CHOSEN_OVER.search(before)):
        # "The team has ultimately chosen LitElement over React" (GoogleCloudPlatform/emblem,
        # round 34): an option weighed and not chosen, as a MADR's are; it warns
        return REJECTED, Polarity.MENTIONED, over.group(1)
    if judged.polarity is Polarity.AFFIRMED and near.lower().startswith("prefer") \
            and _PREFERRED_TO.search(before):
        # "prefer the seamless upgrades it offers to the selection api of `enzyme`": what
        # something is preferred to is not adopted
        return "", Polarity.MENTIONED, "what is preferred to, not the preference"
    if judged.polarity is Polarity.AFFIRMED and _INSTEAD_OF_DOING.search(before):
        # "Adopt a standalone Next.js app instead of adding admin routes into the existing
        # CRA app" (HHS/TANF-app, round 26): a name inside what is done instead is part of the
        # alternative, not of the choice
        return "", Polarity.MENTIONED, "in the alternative, not the choice"
    if judged.polarity is Polarity.AFFIRMED and judged.cue:
        return USED, judged.polarity, judged.cue
    return "", judged.polarity, judged.cue


def _add(judged: dict[Package, list[tuple[str, str]]], packages: tuple[Package, ...],
         value: str, cue: str, written: str, reading: list[str]) -> None:
    for package in packages:
        judged.setdefault(package, []).append((value, cue))
    reading.append(f"{written}: {value} ({cue})" if cue else f"{written}: {value}")


def _after_cues(part: str, found: list[tuple[int, int, tuple[Package, ...]]],
                cue: re.Pattern[str] = _CUE_BEFORE,
                ) -> Iterator[tuple[int, str, list[re.Match[str]]]]:
    """(index, word) of each token a cue points at ("use X", "replace X", "with X") that no
    grounded name covers, with the clause's tokens."""
    spans = [(s, e) for s, e, _ in found]  # a name's span may begin at its marks ("`X`")
    tokens = list(_TOKEN.finditer(part))
    for n, match in enumerate(tokens):
        if not any(s <= match.start() < e for s, e in spans) and \
                cue.search(part[max(0, match.start() - 60):match.start()]):
            yield n, match.group(0).rstrip(".,:;)"), tokens


def _note_unresolved(part: str, found: list[tuple[int, int, tuple[Package, ...]]],
                     unresolved: list[str]) -> None:
    unresolved.extend(word for _, word, _ in _after_cues(part, found)
                      if word[:1].isupper() and len(word) >= 2)


def _note_lookups(part: str, found: list[tuple[int, int, tuple[Package, ...]]],
                  lookups: list[str]) -> None:
    """Words a verb adopts or drops, or a swap names ("with X", "instead of X"), that nothing
    grounds: to be looked for in the manifests' history, never bound as they are."""
    for n, written, tokens in _after_cues(part, found, _CUE_BEFORE_WIDE):
        word = written.lower()
        if len(word) < 3 or word in _FUNCTION_WORDS:
            continue
        lookups.append(word)
        last = tokens[n].end()
        for later in tokens[n + 1:n + 7]:  # what the list goes on to
            item = later.group(0).rstrip(".,:;)").lower()
            if item in ("and", "or"):
                continue
            if _LIST_GOES_ON.fullmatch(part[last:later.start()]) is None \
                    or item in _FUNCTION_WORDS:  # "`yarn` and `lerna`", "Mocha, Sinon"
                break
            lookups.append(item)
            last = later.end()
        # A name of two or three words ("Semantic UI", "React Testing Library").
        following = [t.group(0).rstrip(".,:;)").lower() for t in tokens[n + 1:n + 3]]
        for length in (1, 2):
            if len(following) >= length:
                lookups.append(" ".join([word, *following[:length]]))


# Words a cue is followed by that name no package ("use the", "replace it with our own").
_FUNCTION_WORDS = frozenset({
    "the", "our", "its", "their", "this", "that", "these", "those", "them", "it", "all",
    "any", "each", "every", "some", "one", "two", "new", "own", "same", "other", "more",
    "less", "and", "for", "from", "with", "into", "than", "then", "when", "where", "which",
    "what", "who", "how", "not", "now", "only", "also", "both", "either", "existing",
    "current", "custom", "instead", "make", "have", "has", "can", "will", "would", "should",
    "must", "may", "use", "using", "used", "are", "was", "were", "been", "being"})


_SENTENCE_END = re.compile(r"(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bvs\.)(?<=[.!?])\s+")


_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+")
# A table: its rows are read cell by cell, never across cells ("| xlsx | Most widely adopted
# |" is a popularity note on one cell, not a choice). A row whose cell is a verdict alone
# ("✅ **Selected**", "❌ Rejected") states what its first cell names: chosen, or an option
# not chosen.
_VERDICT = re.compile(r"^\W*(?:(?P<chosen>selected|chosen|adopted|preferred)"
                      r"|(?P<option>rejected|not (?:selected|chosen|adopted)|discarded))\W*$",
                      re.IGNORECASE)

ITEM, USE_ITEM, CHOSEN, OPTION, LISTED = "item", "use-item", "chosen", "option", "listed"
_CHOICE_HEADING = re.compile(r"^#+\s*(?:chosen|selected|adopted)\s+(?:option|alternative|solution"
                             r"|tool|library|framework)\s*:\s*(\S.*)$", re.IGNORECASE)
_CHOICE_LABEL = re.compile(r"^\W*(?:chosen|selected)\s+(?:option|alternative|solution)s?\W*$",
                           re.IGNORECASE)
_OPTION_LETTER = re.compile(r"^[*_\s]*(?:option\s+)?[A-Z0-9]{1,2}[*_]*\s*[.):-][*_]*\s+",
                            re.IGNORECASE)
# A name alone on its line, in code form or bold, of at most four words.
_SET_OFF_NAME = re.compile(r"(?P<mark>`|\*\*|__)(?P<name>[\w@][\w.@/+#-]*(?: [\w.@/+#-]+){0,3})"
                           r"(?P=mark)\.?")
_BARE_ADDRESS = re.compile(r"<?https?://(?:www\.)?(?:github\.com|gitlab\.com|npmjs\.com/package"
                           r"|pypi\.org/project|nuget\.org/packages|rubygems\.org/gems"
                           r"|crates\.io/crates)/(?:[\w.-]+/)?(?P<name>[\w.-]+)/?>?",
                           re.IGNORECASE)


def _name_alone(line: str) -> re.Match[str] | None:
    """A line that is a name alone, set off or as its project's address (group `name`)."""
    return _SET_OFF_NAME.fullmatch(line.strip()) or _BARE_ADDRESS.fullmatch(line.strip())


_AS_ITEM = {ITEM: ITEM, CHOSEN: ITEM, USE_ITEM: USE_ITEM}  # how a role opens its sentence
# A lead-in that itself chooses ("We will be using the following:"): its items may be bare
# names. After any other ("add a flag to the following controllers:"), an item adopts only
# where it names the use ("- **Vite** as our bundler").
_LEAD_IN_CHOOSES = re.compile(r"\b(?:use|using|utili[sz](?:e|ing)|adopt\w*|cho(?:ose|se|sen)"
                              r"|select(?:ed)?|pick(?:ed)?|go(?:ing)? with|went with|decided"
                              r"|stack)\b", re.IGNORECASE)


def _sentences(text: str) -> list[tuple[str, str]]:
    """(sentence, role): ITEM where it opens an item of a list that states choices (USE_ITEM
    where the lead-in does not choose, so the item must name its use), CHOSEN or OPTION
    where a table row's verdict says so of the name in its first cell, "" for prose. An item
    after a lead-in that weighs options ("We considered:") lists options, not choices."""
    out: list[tuple[str, str]] = []
    options = chooses = labelled = False
    opening = True  # no paragraph read yet
    whole = [line.strip() for line in _logical_lines(text) if line.strip()]
    if len(whole) == 1 and _NAMES_ALONE.fullmatch(whole[0]):
        # A Decision section that is a name and nothing else ("## Decision" / "Vitest", over
        # "## Alternatives" / "Jest": johnyherangi/foodstuffs-technical-exercise, tried
        # unseen): the choice, however it is written
        return [(_as_name(name), CHOSEN) for name in _JOINED.split(whole[0].rstrip("."))
                if name.strip()]
    header: list[str] | None = None  # the cells of the table being read, at its first row
    for line in _logical_lines(text):
        if cues.TABLE_ROW.match(line):
            opening = False
            cells = cues.table_cells(line)
            if header is None:
                header = cells
            elif (column := _decision_column(header, cells)) is not None \
                    and not _VERDICT.match(cells[column]):
                # A table whose column is headed "Decision" states a choice in each row
                # ("| Front end | [React](…), [NextJS](…) |", mcagov/beacons's ADR 1)
                out.extend((_as_name(name), CHOSEN)
                           for name in _LISTED_NAMES.split(cells[column]) if name.strip())
                line = "|".join(c for n, c in enumerate(cells) if n != column)
            out.extend(_row(line))
            continue
        header = None
        if opening and line.strip() and not line.lstrip().startswith("#"):
            opening = False
            if (bare := _name_alone(line)) is not None:
                # MADR's outcome that opens with the option alone, set off as a name
                # ("`Swashbuckle`", then the reasons as items), or as the address of its
                # project ("https://github.com/xoofx/markdig"): the choice
                out.append((_as_name(bare.group("name")), CHOSEN))
                continue
        item = _ITEM.match(line) is not None
        line = _ITEM.sub("", line).strip()
        if labelled and line and not line.startswith("#"):
            # MADR's "Chosen option:" alone on its line: the next paragraph or item names
            # the option, after its letter ("**A**. `gcloud-aio-storage`", "* **A. Locust**").
            labelled = False
            option = _OPTION_LETTER.sub("", line).strip("*_ ")
            if option:
                out.append((_as_name(option), CHOSEN))
                continue
        if _CHOICE_LABEL.match(line) and not item:
            labelled = True
            continue
        if line.startswith("#"):
            # A heading is a section's name, not a decision, unless it names the choice
            # after a label that says so ("### Chosen Alternative: [Faktory](…)").
            named = _CHOICE_HEADING.match(line)
            if named:
                out.append((_as_name(named.group(1)), CHOSEN))
            continue
        if not line:
            continue
        if not item:
            options = bool(_CONSIDERED.search(line) or cues.OPTIONS.search(line))
            chooses = _LEAD_IN_CHOOSES.search(line) is not None
        parts = [s for s in _SENTENCE_END.split(line) if s.strip()]
        role = ((ITEM if chooses else USE_ITEM) if not options else LISTED) if item else ""
        out.extend((s, role if n == 0 else "") for n, s in enumerate(parts))
    return out


_FENCE = re.compile(r"^\s*(?:```|~~~)")


def _logical_lines(text: str) -> list[str]:
    """The lines of markdown with a paragraph's or an item's wrapped lines joined ("Examples
    could" / "be using CRDs, gRPC …" is one sentence); headings, table rows, items and blank
    lines each end what came before. A fenced code block is left out: it shows commands and
    code (a diagram's `A --> B`), it states no choice."""
    out: list[str] = []
    joinable = fenced = False
    for line in text.splitlines():
        if _FENCE.match(line) or fenced:
            fenced = fenced != bool(_FENCE.match(line))
            joinable = False
            continue
        stripped = line.strip()
        alone = not stripped or stripped.startswith("#") \
            or cues.TABLE_ROW.match(line) is not None
        if joinable and not alone and _ITEM.match(line) is None:
            out[-1] = f"{out[-1].rstrip()} {stripped}"
            continue
        out.append(line)
        joinable = not alone
    return out


_NAMES_ALONE = re.compile(r"[\w@][\w.@/#-]*(?: [\w.@/#-]+)?(?:\s*(?:\+|&|,|\band\b)\s*"
                          r"[\w@][\w.@/#-]*(?: [\w.@/#-]+)?){0,3}\.?", re.IGNORECASE)
_JOINED = re.compile(r"\s*(?:\+|&|,|\band\b)\s*", re.IGNORECASE)


def _as_name(text: str) -> str:
    """What a verdict or a label says is chosen, a name by where it stands: one word is
    written in code form, so that a name only a manifest knows counts as the first word."""
    return f"`{text}`" if re.fullmatch(r"[\w@][\w.@/+#-]*", text) else text


_DECISION_HEADER = re.compile(r"^\W*(?:decision|choice|chosen|selected|decided)\W*$",
                              re.IGNORECASE)
_LISTED_NAMES = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)


def _decision_column(header: list[str], cells: list[str]) -> int | None:
    """Which cell of a row (`cells`) the table's header marks as the decision, when the row
    has a cell for every header cell and it is not the first: None otherwise."""
    if len(cells) != len(header):
        return None
    return next((n for n, cell in enumerate(header) if n and _DECISION_HEADER.match(cell)),
                None)


def _row(line: str) -> list[tuple[str, str]]:
    cells = cues.table_cells(line)
    verdicts = {m.lastgroup for c in cells[1:] if (m := _VERDICT.match(c)) is not None}
    out = [(s, "") for c in cells[1:] if not _VERDICT.match(c)
           for s in _SENTENCE_END.split(c) if s.strip()]
    if cells and len(verdicts) == 1:
        return [(_as_name(cells[0]), verdicts.pop() or ""), *out]
    return [(cells[0], ""), *out] if cells else out
