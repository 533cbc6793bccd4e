<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BoardWidget</name>
    <message>
        <source>Chess board</source>
        <extracomment>After a solver frame was painted, the screen-rate timer leaves painting to the next frame. Pixels the mouse must travel before a press on the piece becomes a drag. The user chose a new start square (drag, click or arrow keys). The user tried to move the piece while a run is going. The mouse is over a square (row, col), or left the board (-1, -1).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConstraintsPanel</name>
    <message>
        <source>Columns  x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ascending diagonals  x + y</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Descending diagonals  x − y</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} rejected: {1}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Examined and rejected on this rank: {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is free: a queen goes there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing left on rank {0}: take back the queen below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column {0} is taken (queen on {1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diagonal x + y = {0} is taken (queen on {1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diagonal x − y = {0} is taken (queen on {1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queens    attacked   (rank {0} at the top, file a on the left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queens   = 0x{0:0{1}X}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attacked = 0x{0:0{1}X}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} queens, {1} squares attacked</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ControlPanel</name>
    <message>
        <source>Which puzzle the search solves</source>
        <extracomment>Slider positions 0 … SLIDER_MAX - 1 span 1 … 10,000 steps/s logarithmically; SLIDER_MAX itself is &quot;unlimited&quot;. The puzzle, the board size or a strategy setting changed.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puzzle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep rows and columns equal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Square</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CounterPanel</name>
    <message>
        <source>Counters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backtracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Squares covered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Solutions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps = moves + backtracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall time since Start, pauses excluded (slow speeds included)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps = {0} + {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>{0} ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} min {1} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} h {1} min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} steps/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forever</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>under a second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} years</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} million years</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} billion years</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GaugePanel</name>
    <message>
        <source>Explored</source>
        <extracomment>The bar&apos;s left end (the smallest fraction shown).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The part of the whole search tree already behind the search (Knuth&apos;s estimate from the stack), on a logarithmic scale from 10⁻¹⁵ to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole tree&apos;s size by Knuth&apos;s random probes, with its spread, and the time an exhaustive search would take at the current speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing yet (0.0e+00)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all (1.0e+00)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt; 1e-15 ({0})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HistoryTable</name>
    <message>
        <source>Moves (N-Queens: placements)</source>
        <extracomment>The race a run was part of, with the other run&apos;s number (empty for a single run).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backtracks (N-Queens: removals)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps = moves + backtracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much of the whole search tree was behind the search when it ended (Knuth&apos;s estimate from its stack)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time the engine spent computing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs raced side by side (Compare, Race): the race and the other run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time from Start to the end, pauses excluded: includes the animation at slow speeds (the Elapsed counter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a run to bring back its settings and start square</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Puzzle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backtracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Solutions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Race</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Of a whole tree of about {0} steps (Knuth&apos;s estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>race {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>race {0}, with #{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KnightPuzzle</name>
    <message>
        <source>Knight&apos;s tour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No closed tour exists on a {0} board: it has an odd number of squares, and a knight alternates colours, so it cannot return to its start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No closed tour exists on a {0} board (Schwenk&apos;s theorem).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No knight&apos;s tour exists on a {0} board from any square.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tour can start on {0}: this board has an odd number of squares, so a tour must start and end on the corners&apos; colour, and {0} is the other colour.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No knight&apos;s tour on a {0} board starts on {1}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnsdorff (ties: first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnsdorff (ties: last)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnsdorff (ties: Roth)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnsdorff (ties: random, seed {0})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backtracking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no backtracking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} moves, {1} backtracks, {2} steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closed tour found from {0}: {1}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tour found from {0}: {1}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped after {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped at the step limit: {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The greedy walk got stuck on {0} after {1} of {2} squares, with no backtracking allowed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>closed tour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No {0} from {1} on a {2} board: the search tried every possibility ({3}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board shows the deepest position it reached: {0} of {1} squares.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no tour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tour complete: all {0} squares visited.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From {0}, the move ({1:+d}, {2:+d}) leaves the board: skip it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From {0}, {1} is already on the path: skip it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} could go on to {1} unvisited squares (its onward degree).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} candidates share the fewest onward moves: the tie-break takes {1}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The knight stands on {0} after {1} moves.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move {0}: {1} → {2}, the candidate with the fewest onward moves ({3}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move {0}: {1} → {2}, the first free square in the fixed order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is a dead end: all {1} of its moves lead to visited squares or off the board. Back to {2}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every way on from {0} has been tried: back to {1}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>square = {0}   move = {1}   candidate {2} of {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} steps so far for a board of {1} squares.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That is only about {0} of the whole search tree (the gauge under the board).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plain backtracking can need millions or billions of steps (8×8 from a8: 16.5 million). Warnsdorff&apos;s rule usually needs only {0}: turn it on and start again, or set the speed to unlimited.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnsdorff&apos;s rule is backtracking far more than usual: its ties lead it astray here. The tie-break “farthest from centre (Roth)” usually needs no backtracking at all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Even Roth&apos;s tie-break is stuck here: try another start square or another tie-break.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KnightSettingsWidget</name>
    <message>
        <source>Warnsdorff&apos;s rule</source>
        <extracomment>A run that has taken this many times the board&apos;s squares in steps &quot;looks hung&quot;. …but never before this many steps (small boards backtrack a little, harmlessly). On by default: a newcomer who just presses Start sees a whole tour in seconds.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On: at every square, try first the move with the fewest onward moves (fewest exits first).
Off: plain backtracking, trying the eight moves in the classic fixed order.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first in order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last in order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>farthest from centre (Roth)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>random</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which candidate Warnsdorff&apos;s rule takes when several have the same degree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the random tie-break: the same seed, the same tour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick another random seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backtracking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: a greedy walk that stops at the first dead end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closed tour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closed tour: the last square must be a knight&apos;s move from the start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tie-break</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fewest exits first: the move with fewest onward moves.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: plain backtracking in the classic fixed order.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LaneCounters</name>
    <message>
        <source>Moves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backtracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Squares covered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps = moves + backtracks</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LaneView</name>
    <message>
        <source>Racer {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>knightviz — watch backtracking search think</source>
        <extracomment>Largest default window; smaller screens get 92 % of their available area. Keys handled by the window when the focused widget does not want them.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search anyway</source>
        <extracomment>Every run&apos;s recording, under one memory budget (Run, Recording memory…). Race mode: two sessions side by side on one clock (Compare, Race).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the exhaustive search and watch it prove that no solution exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the search just did, and why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs (double-click to bring one back)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constraints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Solutions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: Python for this run, compiled for the next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run started before the compiled engine was ready; the next run will use it (numba, C speed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: compiled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searches run on the compiled engine (numba): C speed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: Python (preparing the compiled engine…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The compiled engine is loading in the background; runs started now use the Python engine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: Python</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The compiled engine could not be loaded: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searches run on the pure-Python reference engine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start / &amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step &amp;back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recording &amp;memory…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Race two strategies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Race</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two boards side by side, one strategy each, the same steps per tick: watch which finishes first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About knightviz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The piece cannot be moved during a run: press Reset (R) first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run {0} brought back with its recording: drag the timeline, or Back/Step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run {0}: settings and start brought back; its recording was released to make room for newer ones (Run, Recording memory…). Press Start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Racing: both boards make the same steps. Space pauses, R resets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Race paused: N makes one step on both boards, Space resumes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Racer {0} finished first, in {1} steps; racer {2} took {3}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Race: choose a strategy for each board, drag the knight, press Start (Space).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Racer {0} finished at {1} steps; racer {2} was at the same step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching… Space pauses, N steps, R resets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused: N makes one step, Space resumes, R resets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No solution can exist here; press “Search anyway” to watch the proof.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start square {0}. Drag the knight to choose another, then press Start (Space).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Start (Space) to place the queens, rank by rank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recording memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory for recordings of runs, in MB (all kept runs together; the oldest go first). In use now: {0} MB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole tree ≈ {0} steps (± {1}, {2} probes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>: about {0} at this speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About knightviz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;knightviz&lt;/h3&gt;&lt;p&gt;Watch backtracking search think: every move and every backtrack of a knight&apos;s tour or N-Queens search, live.&lt;/p&gt;&lt;p&gt;Toggle Warnsdorff&apos;s rule and compare the steps in the history.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Puzzle</name>
    <message>
        <source>solved</source>
        <extracomment>Warnsdorff&apos;s onward degree (or None). The chips of a level: (depth, level) -&gt; chips. The row&apos;s first column: (depth, level) -&gt; text (contains the square&apos;s name). Stable identifier (item data of ``puzzleCombo``, history, saved runs). Largest board side the window offers. Rows and columns always equal. The user places a piece before the run (the knight&apos;s start square).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no solution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>impossible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backtracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Squares covered</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QueensPuzzle</name>
    <message>
        <source>N-Queens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all solutions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first solution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>constraint sets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bitboards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} placements, {1} removals, {2} steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped after {0}; {1} solutions so far.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First solution on {0}: {1} ({2}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} solutions on {1}: {2}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped at the step limit: {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No way to place {0} queens on a {1} board: the search tried every possibility ({2}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} · filling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every possibility tried: {0} solutions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A solution: {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its column is taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its diagonal x + y is taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its diagonal x − y is taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} rejected: {1} (queen on {2}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queen {0} on {1}: all {0} placed, a solution.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queen {0} on {1}: its column and both diagonals are free.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take back the queen on {0} to look for more solutions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No free file left on rank {0}: take back the queen on {1}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank = {0}   file = {1}   queens placed = {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Placements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queens placed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QueensSettingsWidget</name>
    <message>
        <source>Find all solutions</source>
        <extracomment>Every solution (the article&apos;s program), or stop at the first. ``sets`` (constraint IDs) or ``bitboards`` (two integers).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On: search the whole tree, listing every solution (92 on 8×8).
Off: stop at the first solution.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Constraint sets (columns, diagonals)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bitboards (two integers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the search remembers the board: three sets of constraint IDs, or two bitboards (queens, attacked squares). Both make the same placements.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queens go rank by rank from rank 1; on each rank the files a, b, … are tried in turn. A square is free when its column and both diagonals are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Method</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Race</name>
    <message>
        <source>Racer {0} cannot start: {1}</source>
        <extracomment>How far (in steps) a search may run ahead of the race clock at unlimited speed before it is paused: about a hundredth of a second of compiled search. The step shown (the race clock, or the finish when this racer is done). Steps at the end of this racer&apos;s run (None while it runs). Its finish has been shown on the board (the clock has reached it). Stopped by the race when the other finished (its run ends at this step). Paused by the race because it is too far ahead of the clock. Place in the finishing order (1 or 2), None while racing. State changed (buttons, badges, status). Screen-rate heartbeat while the race goes (counters). (lane index 1 or 2, steps): a racer&apos;s finish has just been shown; the other board is at the same step count at this moment. A racer&apos;s run ended: its RunRecord (with ``extra[&quot;race&quot;]`` linking the two runs). A run could not start (one line for the status bar). The race clock: the step both boards show (until a racer&apos;s finish). While paused, the clock goes no further than this (Step raises it by one). Stop the other racer when one finishes (else it keeps going).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Racer {0} failed: {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RaceView</name>
    <message>
        <source>the other keeps going</source>
        <extracomment>The start square was dragged on either board. A racer&apos;s strategy was changed. The piece was dragged during a race.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the other stops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happens to the other racer when one finishes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When one finishes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Both boards advance by the same number of steps per tick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Racer {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Race clock: step {0} · {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped at {0} steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ Tie: {0} steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ Finished first: {0} steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ Ended first, no solution: {0} steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished second: {0} steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ended second, no solution: {0} steps</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunControls</name>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 to 10,000 steps per second; far right: unlimited (as fast as it goes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start, pause or resume the search (Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make exactly one move or backtrack (N or →)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo exactly one step (Shift+N, Shift+→ or Backspace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the search and clear the board (R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SolutionsPanel</name>
    <message>
        <source>Click a solution to see it on the board</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} solutions found (the first {1} listed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} solutions found</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SolverController</name>
    <message>
        <source>The solver thread did not stop within {0} s.</source>
        <extracomment>How long a join may take before it is reported as failed (ms). Seconds between forced GIL hand-overs while a run exists (see ``SwitchInterval``). The run failed: a one-line summary for the status bar (details are logged). A solution completed (its squares), in the order found. Threads that did not stop in time: kept alive so Qt never destroys them running. The board model the run&apos;s events are applied to.</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The search failed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StackModel</name>
    <message>
        <source>Level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates, in the order tried</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StackView</name>
    <message>
        <source>Hover or click a level to see it on the board</source>
        <extracomment>A level was hovered or clicked (its row), or the mouse left (-1).</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <source>The whole run: drag to see any step, or click the step box to type one</source>
        <extracomment>The user wants to see this step (dragging, clicking, typing).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to step… (type a number and press Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(nearest kept step)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineSlider</name>
    <message>
        <source>deepest point so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start of the longest backtrack ({0} steps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>solution {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the end of the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These steps were not kept (memory budget): the board shows the nearest kept position before them</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
