"""The page's own style sheet and its few lines of script, inline (the page loads nothing).

The CSS is for the screen and for print: A4, the sections of class ``page-section``
(standings, crosstable) each starting a new page, the file's grid on landscape pages in a
type size that fits its longest line (``--cols``, set on the grid). Every mark has a
symbol or a line style as well as a colour, so a black-and-white print keeps them apart.

The script does two things and nothing else: while a marked field of the grid is hovered
or focused it lights every piece of the same diagnostics and their related fields
(``data-d`` / ``data-of``), and a click (or Enter) on a header cell of a
``table.sortable`` sorts its body by that column (a cell's ``data-sort``, else its text;
numbers as numbers). Without script the page reads the same: tips are CSS.
"""

from __future__ import annotations

from typing import Final

__all__ = ["BASE_CSS", "SCRIPT"]

BASE_CSS: Final = """
:root{--err:#b00020;--err-bg:#fde2e4;--warn:#7a4f00;--warn-bg:#ffedc2;--info:#0b5394;
--info-bg:#e3eefa;--ok:#1b5e20;--ok-bg:#dff3e0;--line:#c8c8c8;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;
color:#1a1a1a;background:#fff;line-height:1.4}
body{margin:0 auto;max-width:80rem;padding:1rem 1.5rem}
h1{font-size:1.6rem;margin:.2rem 0 .5rem}h2{font-size:1.25rem;margin:1.6rem 0 .5rem;
border-bottom:1px solid var(--line)}
code,pre,.mono{font-family:ui-monospace,"DejaVu Sans Mono","Liberation Mono",Menlo,Consolas,
monospace}
nav.toc ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.3rem 1.2rem}
.verdict{display:inline-block;padding:.2rem .7rem;border:2px solid;border-radius:.3rem;
font-size:1.05rem}
.verdict-errors{color:var(--err);background:var(--err-bg)}
.verdict-warnings{color:var(--warn);background:var(--warn-bg);border-style:dashed}
.verdict-clean{color:var(--ok);background:var(--ok-bg);border-style:double;border-width:3px}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem;margin:.8rem 0}
dl.facts dt{font-weight:600}dl.facts dd{margin:0}
table{border-collapse:collapse;margin:.5rem 0}
th,td{border:1px solid var(--line);padding:.15rem .5rem;text-align:left;vertical-align:top}
td.num{text-align:right}caption{text-align:left;font-weight:600;padding:.2rem 0}
table.sortable thead th{cursor:pointer}
table.sortable thead th[aria-sort=ascending]::after{content:" \\25b2"}
table.sortable thead th[aria-sort=descending]::after{content:" \\25bc"}
.sev-error .sym,.problem.sev-error .sev,.g-error{color:var(--err)}
.sev-warning .sym,.problem.sev-warning .sev,.g-warning{color:var(--warn)}
.sev-info .sym,.problem.sev-info .sev,.g-info{color:var(--info)}
.sev{font-weight:600;white-space:nowrap}
.problems ol{padding-left:2.5rem}.problems li{margin:.2rem 0}
.hint{color:#444;font-style:italic}.related{color:#444}
.legend{font-size:.9rem}
.grid{display:flex;border:1px solid var(--line);font-size:.8rem;line-height:1.35;
width:max-content;min-width:100%;box-sizing:border-box}
.grid pre{margin:0;padding:.3rem .5rem;white-space:pre;line-height:inherit;font-size:inherit}
.grid .gutter{text-align:right;color:#666;background:#f4f4f4;border-right:1px solid var(--line);
user-select:none;flex:none}
.grid .text{flex:1 0 auto}
mark.d{color:inherit;position:relative;border-bottom:2px solid;outline:none}
mark.d.sev-error{background:var(--err-bg);border-bottom-color:var(--err)}
mark.d.sev-warning{background:var(--warn-bg);border-bottom:2px dashed var(--warn)}
mark.d.sev-info{background:var(--info-bg);border-bottom:2px dotted var(--info)}
.rel{outline:1px dashed #555;outline-offset:-1px}
.hl{outline:2px solid #000;outline-offset:0;background:#fff59d}
mark.d:focus{outline:2px solid #000}
.tip{display:none;position:absolute;left:0;top:1.4em;z-index:10;min-width:22rem;
max-width:40rem;white-space:normal;background:#fff;color:#1a1a1a;border:1px solid #333;
box-shadow:0 2px 6px rgba(0,0,0,.25);padding:.3rem .5rem;font-family:system-ui,sans-serif;
font-size:.85rem;user-select:none}
mark.d:hover>.tip,mark.d:focus>.tip{display:block}
mark.tip-left>.tip{left:auto;right:0}
.tip-row{display:block}.tip-row+.tip-row{margin-top:.3rem;border-top:1px solid var(--line)}
.tip-hint,.tip-rel{display:block;color:#444}
footer{margin-top:2rem;font-size:.8rem;color:#555;border-top:1px solid var(--line)}
@page{size:A4;margin:12mm}
@page file{size:A4 landscape;margin:10mm}
@media print{
:root{font-size:10pt}body{max-width:none;padding:0}
nav.toc,.tip,footer{display:none!important}
a{color:inherit;text-decoration:none}
.page-section{break-before:page}
section.source{page:file;break-before:page}
.grid{border:none;width:auto;font-size:min(7.5pt,calc(270mm / var(--cols) / .61))}
.grid .gutter{background:none}
mark.d,.verdict{-webkit-print-color-adjust:exact;print-color-adjust:exact}
tr,li{break-inside:avoid}
}
"""

SCRIPT: Final = """
(function(){
function near(e,sel){return e.target&&e.target.closest?e.target.closest(sel):null}
function lit(e,on){var m=near(e,"[data-d]");if(!m)return;
m.getAttribute("data-d").split(" ").forEach(function(k){
document.querySelectorAll('[data-d~="'+k+'"],[data-of~="'+k+'"]').forEach(function(x){
x.classList.toggle("hl",on)})})}
["mouseover","focusin"].forEach(function(t){document.addEventListener(t,function(e){lit(e,true)})});
["mouseout","focusout"].forEach(function(t){document.addEventListener(t,function(e){lit(e,false)})});
function key(r,i){var c=r.cells[i],v=c?(c.getAttribute("data-sort")||c.textContent.trim()):"";
var n=Number(v);return v!==""&&!isNaN(n)?n:v}
function sort(th){var t=th.closest("table"),b=t.tBodies[0],i=th.cellIndex,
up=th.getAttribute("aria-sort")!=="ascending";
t.querySelectorAll("thead th[aria-sort]").forEach(function(h){h.removeAttribute("aria-sort")});
th.setAttribute("aria-sort",up?"ascending":"descending");
var rows=Array.prototype.slice.call(b.rows);rows.sort(function(x,y){var p=key(x,i),q=key(y,i),
c=typeof p===typeof q?(p<q?-1:p>q?1:0):(typeof p==="number"?-1:1);return up?c:-c});
rows.forEach(function(r){b.appendChild(r)})}
document.addEventListener("click",function(e){var th=near(e,"table.sortable thead th");if(th)sort(th)});
document.addEventListener("keydown",function(e){if(e.key!=="Enter")return;
var th=near(e,"table.sortable thead th");if(th){e.preventDefault();sort(th)}});
})();
"""
