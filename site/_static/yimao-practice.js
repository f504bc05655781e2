/* 易冒 reading site: the practice page (/practice/, 연습; no third-party code).
   The form.practice carries its chart as data-chart (compute's chart(...).to_dict(), the part
   the check reads); script.practice-data holds the exercises and the sentences of the book
   the explanations link (both put there by the build: yimao/web/practice.py), so checking
   needs no network and no Python.
   - 확인 (or Enter): marks each input right or wrong (classes practice-right/-wrong,
     aria-invalid), writes .practice-result (data-right, data-total, 「26개 중 24개 맞음」) and,
     for each miss, a .practice-miss explaining the rule on this chart with its sentence;
   - 새 괘: another exercise at random;
   - a query string (?primary=困&changed=坎&month=午&day=壬戌&question=…) names a chart: one of
     the exercises, or else charted here with the Run panels' Pyodide worker
     (yimao-run-worker.js → compute.runner.run_json). */
(function () {
  "use strict";
  var script = document.currentScript;
  var form = document.querySelector("form.practice");
  var dataEl = document.querySelector("script.practice-data");
  if (!form || !dataEl) { return; }
  var DATA = JSON.parse(dataEl.textContent);
  var POS = ["初爻", "二爻", "三爻", "四爻", "五爻", "上爻"];
  var ORD = ["첫째", "둘째", "셋째"];
  var FIELDS = ["primary", "changed", "month", "day", "year", "hour", "birth", "lines", "at", "tz",
    "question", "yongshen", "facts"];
  var KINDS = [["stem", "天干"], ["branch", "地支"], ["relative", "六親"], ["spirit", "六神"]];
  var status = form.querySelector(".practice-status");
  var current = -1;  // index of the exercise shown (-1: charted from the query)

  // ------------------------------------------------------------------ Korean particles
  // Hanja whose Korean reading ends in a consonant (the particle after them: 은, 이, 을, 이다)
  var FINAL = "金木甲乙丙丁庚辛壬丑寅辰申戌孫龍雀陳乾坤震巽坎艮宮應純魂身君臣民人病命門";
  function hasFinal(word) {
    var ch = word.charAt(word.length - 1);
    var code = ch.charCodeAt(0);
    if (code >= 0xAC00 && code <= 0xD7A3) { return (code - 0xAC00) % 28 !== 0; }
    return FINAL.indexOf(ch) >= 0;
  }
  function j(word, withFinal, without) { return word + (hasFinal(word) ? withFinal : without); }
  function cop(word) { return j(word, "이다", "다"); }

  // ------------------------------------------------------------------ reading the answers
  var STEMS = "甲乙丙丁戊己庚辛壬癸";
  var BRANCHES = "子丑寅卯辰巳午未申酉戌亥";
  var STEM_KO = "갑을병정무기경신임계";
  var BRANCH_KO = "자축인묘진사오미신유술해";
  function table(rows) {
    var out = {};
    Object.keys(rows).forEach(function (k) { rows[k].forEach(function (w) { out[w] = k; }); });
    return out;
  }
  var RELATIVE = table({
    "父母": ["父母", "부모", "父", "부"], "官鬼": ["官鬼", "관귀", "官", "鬼", "관", "귀"],
    "兄弟": ["兄弟", "형제", "兄", "형"], "子孫": ["子孫", "자손", "子", "孫", "손"],
    "妻財": ["妻財", "처재", "財", "妻", "재", "처"] });
  var SPIRIT = table({
    "青龍": ["青龍", "靑龍", "청룡", "龍", "青", "靑"], "朱雀": ["朱雀", "주작", "雀", "朱"],
    "勾陳": ["勾陳", "구진", "勾", "陳"], "騰蛇": ["騰蛇", "螣蛇", "등사", "蛇", "騰", "螣"],
    "白虎": ["白虎", "백호", "虎", "白"], "元武": ["元武", "玄武", "현무", "武", "元", "玄"] });
  function clean(v) { return String(v || "").replace(/\s+/g, ""); }
  function readStem(v) {
    v = clean(v);
    var i = STEM_KO.indexOf(v);
    return v.length === 1 && i >= 0 ? STEMS[i] : v;
  }
  function readBranch(v) {
    v = clean(v);
    var i = BRANCH_KO.indexOf(v);
    return v.length === 1 && i >= 0 ? BRANCHES[i] : v;
  }
  var READ = {
    stem: readStem, branch: readBranch,
    relative: function (v) { return RELATIVE[clean(v)] || clean(v); },
    spirit: function (v) { return SPIRIT[clean(v)] || clean(v); }
  };
  // the 用神 as written: line numbers (3, 3·6, 三爻) or a 六親, 世, 應 …
  function yongRight(v, y) {
    var t = clean(v);
    if (!t) { return false; }
    if (t === y.value || (RELATIVE[t] && RELATIVE[t] === y.relative)) { return true; }
    var names = { "初": 1, "二": 2, "三": 3, "四": 4, "五": 5, "上": 6, "六": 6 };
    var seen = {};
    var ok = t.split(/[,，、·.\/]+/).every(function (part) {
      var m = /^([1-6]|[初二三四五上六])(?:爻|효)?$/.exec(part);
      if (!m) { return false; }
      seen[names[m[1]] || +m[1]] = true;
      return true;
    });
    var want = {};
    y.lines.forEach(function (n) { want[n] = true; });
    return ok && Object.keys(seen).sort().join() === Object.keys(want).sort().join();
  }

  // ------------------------------------------------------------------ the chart's rules
  var TRIGRAM = { "111": "乾", "000": "坤", "100": "震", "010": "坎", "001": "艮", "011": "巽",
    "101": "離", "110": "兌" };
  var YANG_TRIGRAMS = "乾震坎艮";
  var DEFAULT_STEM = { "乾": ["甲", "壬"], "坤": ["乙", "癸"] };
  var SHENG = { "木": "火", "火": "土", "土": "金", "金": "水", "水": "木" };
  var KE = { "木": "土", "土": "水", "水": "火", "火": "金", "金": "木" };
  var DAY_GROUP = { "甲": "甲乙", "乙": "甲乙", "丙": "丙丁", "丁": "丙丁", "戊": "戊", "己": "己",
    "庚": "庚辛", "辛": "庚辛", "壬": "壬癸", "癸": "壬癸" };

  function chart() { return JSON.parse(form.getAttribute("data-chart")); }
  function lineOf(d, n) { return d.primary.lines[n - 1]; }
  function trigramOf(d, n) {
    var lo = n <= 3 ? 1 : 4;
    var bits = [lo, lo + 1, lo + 2].map(function (k) { return lineOf(d, k).yang ? "1" : "0"; });
    return { name: TRIGRAM[bits.join("")], inner: n <= 3, lines: [lo, lo + 1, lo + 2] };
  }
  function yongOf(d) {
    var f = (d.findings || []).filter(function (x) { return x.rule === "yongshen-source"; })[0];
    var y = f && f.data;
    return y && y.lines && y.lines.length && !y.absent ?
      Object.assign({ passages: f.passages || [], summary: f.summary || "" }, y) : null;
  }

  function explainStem(d, n) {
    var ln = lineOf(d, n);
    var t = trigramOf(d, n);
    var side = t.inner ? "內卦" : "外卦";
    var text = POS[n - 1] + "는 " + side + " " + t.name + "에 속한다. " + j(t.name, "은", "는") + " " +
      (t.inner ? "안" : "밖") + "에서 天干 " + j(ln.stem, "을", "를") + " 받는다(" + t.name + "納" + ln.stem + ").";
    var keys = [DEFAULT_STEM[t.name] ? "stem:乾坤" : "stem:六子"];
    var usual = DEFAULT_STEM[t.name] && DEFAULT_STEM[t.name][t.inner ? 0 : 1];
    if (usual && usual !== ln.stem) {
      text += " 二老時遷: 八純 " + j(t.name, "은", "는") + " 夏至에서 冬至까지 안팎의 天干이 바뀌어 " +
        (t.inner ? "안" : "밖") + "에서 " + ln.stem + ", 평소에는 " + usual + ".";
      keys.push("stem:時遷");
    }
    return [text, keys];
  }
  function explainBranch(d, n) {
    var ln = lineOf(d, n);
    var t = trigramOf(d, n);
    var side = t.inner ? "內卦" : "外卦";
    var bs = t.lines.map(function (k) { return lineOf(d, k).branch; });
    var yang = YANG_TRIGRAMS.indexOf(t.name) >= 0;
    var text = POS[n - 1] + "는 " + side + " " + t.name + "의 " + ORD[t.lines.indexOf(n)] + " 효다. " +
      j(t.name, "은", "는") + " " + side + "에 地支를 아래부터 " + bs.join("·") + " 차례로 받으므로(" +
      (yang ? "陽은 順行" : "陰은 逆行") + ") " + cop(ln.branch) + ".";
    return [text, [yang ? "branch:陽" : t.name === "坤" ? "branch:坤" : "branch:陰"]];
  }
  function relation(pe, e) {
    if (e === pe) { return "宮과 五行이 같으므로(比和)"; }
    if (SHENG[e] === pe) { return j(pe, "을", "를") + " 생하므로(" + e + "生" + pe + ")"; }
    if (SHENG[pe] === e) { return "宮의 " + j(pe, "이", "가") + " 생하므로(" + pe + "生" + e + ")"; }
    if (KE[pe] === e) { return "宮의 " + j(pe, "이", "가") + " 극하므로(" + pe + "克" + e + ")"; }
    return j(pe, "을", "를") + " 극하므로(" + e + "克" + pe + ")";
  }
  function explainRelative(d, n) {
    var p = d.primary;
    var ln = lineOf(d, n);
    var text = "이 괘(" + p.name + ")는 " + p.palace + "宮, 宮의 五行은 " + cop(p.palace_element) + ". " +
      POS[n - 1] + " " + j(ln.branch + ln.element, "은", "는") + " " + relation(p.palace_element, ln.element) +
      " " + cop(ln.relative) + ".";
    return [text, ["relative:" + ln.relative]];
  }
  function explainSpirit(d, n) {
    var ln = lineOf(d, n);
    var stem = d.day.charAt(0);
    var seq = d.primary.lines.map(function (l) { return l.spirit; });
    var rest = seq.slice(1).join("·");
    var text = "日辰 " + d.day + "의 天干은 " + cop(stem) + ". " + DAY_GROUP[stem] + "日에는 " +
      j(seq[0], "이", "가") + " 初爻에 오고 위로 " + j(rest, "이", "가") + " 차례로 붙으므로 " +
      POS[n - 1] + "는 " + cop(ln.spirit) + ".";
    return [text, ["spirit:日", "spirit:" + seq[0]]];
  }
  function explainShiYing(d) {
    var p = d.primary;
    var head = "이 괘(" + p.name + ")는 " + p.palace + "宮의 ";
    var end = "世는 " + POS[p.shi - 1] + ", 應은 " + POS[p.ying - 1] + "다.";
    if (p.generation === "八純") {
      return [head + "八純卦다. 八純卦는 여섯 효가 다 이루어진 괘이므로 " + end, ["shiying:八純", "shiying:次"]];
    }
    if (p.generation === "游魂") {
      return [head + "游魂卦다. 五世卦에서 四爻가 다시 변한 괘이므로 " + end, ["shiying:魂", "shiying:次"]];
    }
    if (p.generation === "歸魂") {
      return [head + "歸魂卦다. 游魂卦의 아래 세 효가 본궁으로 돌아간 괘이므로 " + end, ["shiying:魂", "shiying:次"]];
    }
    return [head + p.generation + " 괘다. 八純 " + p.palace + "卦의 아래에서부터 " +
      ["한", "두", "세", "네", "다섯"][p.shi - 1] + " 효가 변한 괘이므로 世는 마지막으로 변한 " + POS[p.shi - 1] + ", 應은 世와 세 자리 떨어진 " +
      POS[p.ying - 1] + "다.", ["shiying:次"]];
  }
  function questionText(d) {
    var q = form.getAttribute("data-question-text");
    if (q) { return q; }
    var y = yongOf(d);
    var m = y && /\(([^)]+)\)/.exec(y.summary);
    return m ? m[1] : "";
  }
  function explainYong(d) {
    var y = yongOf(d);
    var q = questionText(d);
    var where = y.lines.map(function (n) {
      var ln = lineOf(d, n);
      var h = ln.hidden;
      return y.hidden && h ? POS[n - 1] + " 아래 伏神 " + h.branch + h.element + h.relative :
        POS[n - 1] + " " + ln.branch + ln.element + ln.relative;
    }).join(" · ");
    var text = (q ? "물음 「" + q + "」의 " : "이 물음의 ") + "用神은 " + cop(y.value) + ". 이 괘에서는 " +
      cop(where) + "." + (y.choice ? " (" + y.choice + ")" : "");
    var own = y.passages.filter(function (s) { return DATA.refs[s]; }).slice(-2);
    return [text, ["yongshen:法"], own];
  }

  // ------------------------------------------------------------------ marking
  function link(href, ref) {
    var a = document.createElement("a");
    a.href = href;
    a.lang = "zh-Hant";
    a.textContent = "「" + ref + "」";
    return a;
  }
  function miss(id, label, explained) {
    var p = document.createElement("p");
    p.className = "practice-miss";
    p.id = "miss-" + id;
    var b = document.createElement("b");
    b.textContent = label;
    p.append(b, " ", explained[0]);
    (explained[2] || []).forEach(function (sid) {
      p.append(" ", link(DATA.refs[sid][1], DATA.refs[sid][0]));
    });
    explained[1].forEach(function (key) {
      var s = DATA.sentences[key];
      if (s) { p.append(" ", link(s[2], s[1])); }
    });
    return p;
  }
  function clearMarks() {
    form.querySelectorAll(".practice-miss").forEach(function (e) { e.remove(); });
    Array.prototype.forEach.call(form.elements, function (e) {
      e.classList.remove("practice-right", "practice-wrong");
      e.removeAttribute("aria-invalid");
      e.removeAttribute("aria-describedby");
    });
    var r = form.querySelector(".practice-result");
    r.hidden = true;
    r.textContent = "";
    r.removeAttribute("data-right");
    r.removeAttribute("data-total");
  }
  function mark(input, right, missEl, where) {
    input.classList.add(right ? "practice-right" : "practice-wrong");
    input.setAttribute("aria-invalid", right ? "false" : "true");
    if (!right) {
      where.append(missEl);
      input.setAttribute("aria-describedby", missEl.id);
    }
  }
  function check() {
    clearMarks();
    var d = chart();
    var right = 0;
    var total = 0;
    for (var n = 1; n <= 6; n++) {
      var box = form.querySelector('.practice-line[data-line="' + n + '"]');
      KINDS.forEach(function (kind) {
        var input = form.elements.namedItem("line" + n + "-" + kind[0]);
        var ok = READ[kind[0]](input.value) === lineOf(d, n)[kind[0]];
        total += 1;
        right += ok ? 1 : 0;
        var why = ok ? null : miss("line" + n + "-" + kind[0], POS[n - 1] + " " + kind[1] + " —",
          { stem: explainStem, branch: explainBranch, relative: explainRelative,
            spirit: explainSpirit }[kind[0]](d, n));
        mark(input, ok, why, box);
      });
    }
    var sy = form.querySelector(".practice-shiying");
    [["shi", "世"], ["ying", "應"]].forEach(function (w) {
      var input = form.elements.namedItem(w[0]);
      var ok = input.value === String(d.primary[w[0]]);
      total += 1;
      right += ok ? 1 : 0;
      mark(input, ok, ok ? null : miss(w[0], w[1] + " —", explainShiYing(d)), sy);
    });
    var y = yongOf(d);
    var yong = form.elements.namedItem("yongshen");
    if (y) {
      var ok = yongRight(yong.value, y);
      total += 1;
      right += ok ? 1 : 0;
      mark(yong, ok, ok ? null : miss("yongshen", "用神 —", explainYong(d)),
        form.querySelector(".practice-yong"));
    }
    var r = form.querySelector(".practice-result");
    r.setAttribute("data-right", String(right));
    r.setAttribute("data-total", String(total));
    r.textContent = total + "개 중 " + right + "개 맞음";
    var more = document.createElement("span");
    more.className = "practice-more";
    more.textContent = right === total ? " — 모두 맞았습니다." : " — 틀린 칸 아래에 풀이와 책의 문장이 있습니다.";
    r.append(more);
    r.hidden = false;
  }

  // ------------------------------------------------------------------ showing an exercise
  function answerOf(d) {  // as yimao/web/practice.py answer(): the part of to_dict() read here
    function hex(h) {
      if (!h) { return null; }
      var out = {};
      ["name", "full_name", "palace", "palace_element", "generation", "shi", "ying"]
        .forEach(function (k) { out[k] = h[k]; });
      out.lines = h.lines.map(function (l) {
        var o = {};
        ["position", "yang", "moving", "mark", "stem", "branch", "element", "relative", "spirit",
          "hidden"].forEach(function (k) { o[k] = l[k] === undefined ? null : l[k]; });
        return o;
      });
      return out;
    }
    var out = { primary: hex(d.primary), changed: hex(d.changed) };
    ["cast", "void", "xun", "month", "day", "year", "hour"].forEach(function (k) {
      out[k] = d[k] === undefined ? null : d[k];
    });
    out.options = { question: (d.options || {}).question || null };
    out.findings = (d.findings || []).filter(function (f) { return f.rule === "yongshen-source"; });
    return out;
  }
  function show(ex) {
    var d = ex.chart;
    form.setAttribute("data-chart", JSON.stringify(d));
    form.setAttribute("data-inputs", JSON.stringify(ex.inputs));
    if (ex.question) { form.setAttribute("data-question-text", ex.question.text); }
    else { form.removeAttribute("data-question-text"); }
    form.querySelector(".practice-primary").textContent = d.primary.full_name;
    form.querySelector(".practice-changed").textContent =
      d.changed ? d.changed.full_name : "없음 (움직인 효 없음)";
    form.querySelector(".practice-month").textContent = d.month || "";
    form.querySelector(".practice-day").textContent = d.day || "";
    var y = yongOf(d);
    var q = form.querySelector(".practice-question");
    var qt = q.querySelector(".practice-qtext");
    qt.textContent = "";
    var words = questionText(d);
    if (y) {
      var zh = document.createElement("span");
      zh.lang = "zh-Hant";
      zh.textContent = words ? "「" + words + "」" : "用神 " + y.value;
      qt.append(zh, ex.question && ex.question.ko ? " " + ex.question.ko : "");
    }
    q.hidden = !y;
    var yong = form.querySelector(".practice-yong");
    yong.hidden = !y;
    yong.disabled = !y;
    d.primary.lines.forEach(function (ln) {
      var bar = form.querySelector('.practice-line[data-line="' + ln.position + '"] .practice-bar');
      bar.className = "practice-bar " + (ln.yang ? "yang" : "yin") + (ln.moving ? " moving" : "");
      bar.setAttribute("aria-label", (ln.yang ? "陽爻" : "陰爻") + (ln.moving ? " 動" : ""));
      bar.querySelector(".bar").textContent = ln.yang ? "▅▅▅▅▅" : "▅▅ ▅▅";
      bar.querySelector(".mark").textContent = ln.moving ? (ln.yang ? "○" : "×") : "";
    });
    form.reset();
    clearMarks();
  }
  function pick() {
    var n = DATA.exercises.length;
    var k = Math.floor(Math.random() * (n - 1));
    current = k >= current && current >= 0 ? k + 1 : k;
    show(DATA.exercises[current]);
  }

  // ------------------------------------------------------------------ a chart named by the query
  function queryFields() {
    var params = new URLSearchParams(location.search);
    var out = {};
    FIELDS.forEach(function (f) {
      var v = (params.get(f) || "").trim();
      if (v) { out[f] = v; }
    });
    return out;
  }
  function same(a, b) {
    var ka = Object.keys(a).sort();
    var kb = Object.keys(b).sort();
    return ka.join() === kb.join() && ka.every(function (k) { return a[k] === b[k]; });
  }
  function compute(fields) {
    // the runtime through the service worker, fetched once (yimao-run.js: controlled)
    var rt = window.yimaoRuntime;
    return (rt ? rt.controlled() : Promise.resolve()).then(function () { return run(fields); });
  }
  function run(fields) {
    return new Promise(function (resolve, reject) {
      var worker = new Worker(new URL("yimao-run-worker.js", script.src), { type: "module" });
      worker.onmessage = function (event) {
        var m = event.data;
        if (m.type === "result") { worker.terminate(); resolve(JSON.parse(m.response)); }
        else if (m.type === "failed") { worker.terminate(); reject(new Error(m.message)); }
      };
      worker.onerror = function (e) { worker.terminate(); reject(new Error(e.message || "worker")); };
      worker.postMessage({ type: "run", id: 1, request: JSON.stringify({ fields: fields, root: "../" }) });
    });
  }
  function fromQuery() {
    var fields = queryFields();
    if (!Object.keys(fields).length) { return; }
    for (var i = 0; i < DATA.exercises.length; i++) {
      if (same(DATA.exercises[i].inputs, fields)) {
        current = i;
        show(DATA.exercises[i]);
        status.textContent = "예제의 괘를 불러왔습니다.";
        return;
      }
    }
    form.classList.add("practice-busy");
    status.textContent = "이 괘는 미리 계산해 두지 않아 이 브라우저에서 계산하는 중입니다(처음 한 번은 파이썬 실행 환경을 내려받습니다)…";
    compute(fields).then(function (out) {
      form.classList.remove("practice-busy");
      if (out.error || !out.chart) {
        status.textContent = "이 입력으로는 괘를 지을 수 없습니다: " + out.error + " 미리 계산해 둔 괘로 연습하십시오.";
        return;
      }
      current = -1;
      show({ inputs: fields, chart: answerOf(JSON.parse(out.chart)), question: null });
      form.setAttribute("data-computed", "");
      status.textContent = "예제의 괘를 이 브라우저에서 계산했습니다.";
    }, function () {
      form.classList.remove("practice-busy");
      status.textContent = "계산기(Pyodide)를 시작하지 못해 예제의 괘를 지을 수 없습니다. 연결을 확인하고 다시 여십시오. 그동안 미리 계산해 둔 괘로 연습하십시오.";
    });
  }

  // ------------------------------------------------------------------ events
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    check();
  });
  form.addEventListener("keydown", function (e) {  // Enter on a select submits too
    if (e.key === "Enter" && e.target.tagName === "SELECT") {
      e.preventDefault();
      check();
    }
  });
  form.querySelector(".practice-new").addEventListener("click", function () {
    if (location.search) { history.replaceState(null, "", location.pathname); }
    status.textContent = "";
    pick();
    var first = form.querySelector(".practice-line input");
    if (first) { first.focus(); }
  });
  form.querySelector(".practice-clear").addEventListener("click", function () {
    status.textContent = "";
    form.reset();
    clearMarks();
  });
  current = 0;
  fromQuery();
})();
