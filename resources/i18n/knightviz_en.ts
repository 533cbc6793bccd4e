<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>ComparisonCounts</name>
    <message numerus="yes">
        <source>stopped after {0} steps</source>
        <translation>
            <numerusform>stopped after {0} step</numerusform>
            <numerusform>stopped after {0} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>step limit reached after {0} steps</source>
        <translation>
            <numerusform>step limit reached after {0} step</numerusform>
            <numerusform>step limit reached after {0} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} steps</source>
        <translation>
            <numerusform>{0} step</numerusform>
            <numerusform>{0} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} is still searching: {1} steps so far.</source>
        <translation>
            <numerusform>{0} is still searching: {1} step so far.</numerusform>
            <numerusform>{0} is still searching: {1} steps so far.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConstraintsPanel</name>
    <message numerus="yes">
        <source>{0} queens</source>
        <translation>
            <numerusform>{0} queen</numerusform>
            <numerusform>{0} queens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} squares attacked</source>
        <translation>
            <numerusform>{0} square attacked</numerusform>
            <numerusform>{0} squares attacked</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryTable</name>
    <message numerus="yes">
        <source>Remove all {0} runs from the history? This cannot be undone.</source>
        <translation>
            <numerusform>Remove the {0} run from the history? This cannot be undone.</numerusform>
            <numerusform>Remove all {0} runs from the history? This cannot be undone.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>KnightPuzzle</name>
    <message numerus="yes">
        <source>{0} squares removed</source>
        <translation>
            <numerusform>{0} square removed</numerusform>
            <numerusform>{0} squares removed</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>KnightWords</name>
    <message numerus="yes">
        <source>{0} moves</source>
        <translation>
            <numerusform>{0} move</numerusform>
            <numerusform>{0} moves</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} backtracks</source>
        <translation>
            <numerusform>{0} backtrack</numerusform>
            <numerusform>{0} backtracks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} steps</source>
        <translation>
            <numerusform>{0} step</numerusform>
            <numerusform>{0} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} could go on to {1} unvisited squares (its onward degree).</source>
        <translation>
            <numerusform>{0} could go on to {1} unvisited square (its onward degree).</numerusform>
            <numerusform>{0} could go on to {1} unvisited squares (its onward degree).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The knight stands on {0} after {1} moves.</source>
        <translation>
            <numerusform>The knight stands on {0} after {1} move.</numerusform>
            <numerusform>The knight stands on {0} after {1} moves.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} is a dead end: all {1} of its moves lead to visited squares or off the board. Back to {2}.</source>
        <translation>
            <numerusform>{0} is a dead end: its only move leads to a visited square or off the board. Back to {2}.</numerusform>
            <numerusform>{0} is a dead end: all {1} of its moves lead to visited squares or off the board. Back to {2}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QueensPuzzle</name>
    <message numerus="yes">
        <source>{0} placements</source>
        <translation>
            <numerusform>{0} placement</numerusform>
            <numerusform>{0} placements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} removals</source>
        <translation>
            <numerusform>{0} removal</numerusform>
            <numerusform>{0} removals</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} steps</source>
        <translation>
            <numerusform>{0} step</numerusform>
            <numerusform>{0} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped after {0}; {1} solutions so far.</source>
        <translation>
            <numerusform>Stopped after {0}; {1} solution so far.</numerusform>
            <numerusform>Stopped after {0}; {1} solutions so far.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} solutions on {1}: {2}.</source>
        <translation>
            <numerusform>{0} solution on {1}: {2}.</numerusform>
            <numerusform>{0} solutions on {1}: {2}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Every possibility tried: {0} solutions.</source>
        <translation>
            <numerusform>Every possibility tried: {0} solution.</numerusform>
            <numerusform>Every possibility tried: {0} solutions.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Race</name>
    <message numerus="yes">
        <source>Racer {0} finished first, in {1} steps; racer {2} took {3}.</source>
        <translation>
            <numerusform>Racer {0} finished first, in {1} step; racer {2} took {3}.</numerusform>
            <numerusform>Racer {0} finished first, in {1} steps; racer {2} took {3}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Racer {0} finished too, at {1} steps; racer {2} took {3}.</source>
        <translation>
            <numerusform>Racer {0} finished too, at {1} step; racer {2} took {3}.</numerusform>
            <numerusform>Racer {0} finished too, at {1} steps; racer {2} took {3}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Racer {0} finished at {1} steps; racer {2} was at the same step.</source>
        <translation>
            <numerusform>Racer {0} finished at {1} step; racer {2} was at the same step.</numerusform>
            <numerusform>Racer {0} finished at {1} steps; racer {2} was at the same step.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped at {0} steps</source>
        <translation>
            <numerusform>Stopped at {0} step</numerusform>
            <numerusform>Stopped at {0} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>✔ Tie: {0} steps</source>
        <translation>
            <numerusform>✔ Tie: {0} step</numerusform>
            <numerusform>✔ Tie: {0} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>✔ Finished first: {0} steps</source>
        <translation>
            <numerusform>✔ Finished first: {0} step</numerusform>
            <numerusform>✔ Finished first: {0} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>✖ Ended first, no solution: {0} steps</source>
        <translation>
            <numerusform>✖ Ended first, no solution: {0} step</numerusform>
            <numerusform>✖ Ended first, no solution: {0} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished second: {0} steps</source>
        <translation>
            <numerusform>Finished second: {0} step</numerusform>
            <numerusform>Finished second: {0} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ended second, no solution: {0} steps</source>
        <translation>
            <numerusform>Ended second, no solution: {0} step</numerusform>
            <numerusform>Ended second, no solution: {0} steps</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SearchTree</name>
    <message numerus="yes">
        <source>Reading the run: {0} of {1} steps…</source>
        <translation>
            <numerusform>Reading the run: {0} of {1} step…</numerusform>
            <numerusform>Reading the run: {0} of {1} steps…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} nodes at step {1}</source>
        <translation>
            <numerusform>{0} node at step {1}</numerusform>
            <numerusform>{0} nodes at step {1}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SolutionsPanel</name>
    <message numerus="yes">
        <source>{0} solutions found (the first {1} listed)</source>
        <extracomment>Set while the list follows the run: a current row moved by a removal is no choice.</extracomment>
        <translation>
            <numerusform>{0} solution found (the first {1} listed)</numerusform>
            <numerusform>{0} solutions found (the first {1} listed)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} solutions found</source>
        <translation>
            <numerusform>{0} solution found</numerusform>
            <numerusform>{0} solutions found</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StartMap</name>
    <message numerus="yes">
        <source>{0} moves</source>
        <translation>
            <numerusform>{0} move</numerusform>
            <numerusform>{0} moves</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} backtracks</source>
        <translation>
            <numerusform>{0} backtrack</numerusform>
            <numerusform>{0} backtracks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0}: tour found in {1} steps ({2}, {3}).</source>
        <translation>
            <numerusform>{0}: tour found in {1} step ({2}, {3}).</numerusform>
            <numerusform>{0}: tour found in {1} steps ({2}, {3}).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0}: no tour within the cap of {1} steps (limit reached).</source>
        <translation>
            <numerusform>{0}: no tour within the cap of {1} step (limit reached).</numerusform>
            <numerusform>{0}: no tour within the cap of {1} steps (limit reached).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0}: stuck after {1} steps, no tour (no backtracking).</source>
        <translation>
            <numerusform>{0}: stuck after {1} step, no tour (no backtracking).</numerusform>
            <numerusform>{0}: stuck after {1} steps, no tour (no backtracking).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0}: no tour from here: the search tried every possibility in {1} steps.</source>
        <translation>
            <numerusform>{0}: no tour from here: the search tried every possibility in {1} step.</numerusform>
            <numerusform>{0}: no tour from here: the search tried every possibility in {1} steps.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0}: tour in {1} steps</source>
        <translation>
            <numerusform>{0}: tour in {1} step</numerusform>
            <numerusform>{0}: tour in {1} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0}: stuck after {1} steps</source>
        <translation>
            <numerusform>{0}: stuck after {1} step</numerusform>
            <numerusform>{0}: stuck after {1} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0}: no tour ({1} steps)</source>
        <translation>
            <numerusform>{0}: no tour ({1} step)</numerusform>
            <numerusform>{0}: no tour ({1} steps)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SudokuPuzzle</name>
    <message numerus="yes">
        <source>{0} placements</source>
        <translation>
            <numerusform>{0} placement</numerusform>
            <numerusform>{0} placements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} removals</source>
        <translation>
            <numerusform>{0} removal</numerusform>
            <numerusform>{0} removals</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} steps</source>
        <translation>
            <numerusform>{0} step</numerusform>
            <numerusform>{0} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} more cells had one candidate left: filled.</source>
        <translation>
            <numerusform>{0} more cell had one candidate left: filled.</numerusform>
            <numerusform>{0} more cells had one candidate left: filled.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimelineSlider</name>
    <message numerus="yes">
        <source>start of the longest backtrack ({0} steps)</source>
        <translation>
            <numerusform>start of the longest backtrack ({0} step)</numerusform>
            <numerusform>start of the longest backtrack ({0} steps)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TreeHover</name>
    <message numerus="yes">
        <source>{0} candidates below it; {1} of the root&apos;s width</source>
        <translation>
            <numerusform>{0} candidate below it; {1} of the root&apos;s width</numerusform>
            <numerusform>{0} candidates below it; {1} of the root&apos;s width</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} steps spent below it (exact)</source>
        <translation>
            <numerusform>{0} step spent below it (exact)</numerusform>
            <numerusform>{0} steps spent below it (exact)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Its subtree: about {0} steps (Knuth&apos;s estimate, ± {1}, {2} probes)</source>
        <translation>
            <numerusform>Its subtree: about {0} steps (Knuth&apos;s estimate, ± {1}, {2} probe)</numerusform>
            <numerusform>Its subtree: about {0} steps (Knuth&apos;s estimate, ± {1}, {2} probes)</numerusform>
        </translation>
    </message>
</context>
</TS>
