<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name></name>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
</context>
<context>
    <name>BoardMenu</name>
    <message>
        <source>&amp;Board</source>
        <extracomment>Keys the window handles when the focused widget does not want them, with no modifier. A preset chosen: its name (``board.presets.PRESETS``). A sentence for the status bar, and how long to show it (ms).</extracomment>
        <translation>棋盘(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Edit board</source>
        <translation>编辑棋盘(&amp;E)</translation>
    </message>
    <message>
        <source>Edit board</source>
        <translation>编辑棋盘</translation>
    </message>
    <message>
        <source>Click or drag over squares to remove them; start on a removed square to restore squares. The piece&apos;s moves skip removed squares.</source>
        <translation>单击或拖过格子即可移除它们；从已移除的格子开始则恢复格子。棋子的走法会跳过已移除的格子。</translation>
    </message>
    <message>
        <source>&amp;Full board</source>
        <translation>完整棋盘(&amp;F)</translation>
    </message>
    <message>
        <source>Restore every square</source>
        <translation>恢复所有格子</translation>
    </message>
    <message>
        <source>Four &amp;corners cut</source>
        <translation>切去四角(&amp;C)</translation>
    </message>
    <message>
        <source>Remove the four corners</source>
        <translation>移除四个角</translation>
    </message>
    <message>
        <source>2×2 hole in the c&amp;entre</source>
        <translation>中央 2×2 空洞(&amp;E)</translation>
    </message>
    <message>
        <source>Remove the middle 2×2</source>
        <translation>移除中央的 2×2</translation>
    </message>
    <message>
        <source>C&amp;ross</source>
        <translation>十字形(&amp;R)</translation>
    </message>
    <message>
        <source>A plus: remove the four corner blocks</source>
        <translation>加号形：移除四角的方块</translation>
    </message>
    <message>
        <source>R&amp;ing</source>
        <translation>环形(&amp;I)</translation>
    </message>
    <message>
        <source>Remove the middle, keep a ring</source>
        <translation>移除中部，保留一圈</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>棋盘</translation>
    </message>
    <message>
        <source>Edit board: click or drag to remove squares, from a removed square to restore them. Turn Edit board off to move the piece again.</source>
        <translation>编辑棋盘：单击或拖动以移除格子，从已移除的格子开始则恢复它们。关闭“编辑棋盘”后才能再移动棋子。</translation>
    </message>
</context>
<context>
    <name>BoardWidget</name>
    <message>
        <source>Chess board</source>
        <extracomment>After a solver frame was painted, the screen-rate timer leaves painting to the next frame. Pixels the mouse must travel before a press on the piece becomes a drag. The user chose a new start square (drag, click or arrow keys): ``row * cols + col``. The user tried to move the piece while a run is going. The mouse is over a square (row, col), or left the board (-1, -1). A square clicked while the board takes answers (``set_picking``): ``row * cols + col``. Edit board mode: the user removed or restored squares; the new holes (square ints). Typing mode (``set_typing``): a character typed on the selected square, &quot;&quot; for Delete, &quot;<byte value="x8"/>&quot; for Backspace: (square, text).</extracomment>
        <translation>棋盘</translation>
    </message>
</context>
<context>
    <name>ChartLegend</name>
    <message>
        <source>ended early (stopped, step limit)</source>
        <extracomment>Between the parts of a strategy&apos;s description (&quot;plain · backtracking · open&quot;). Each strategy&apos;s colour, in legend order, and the puzzle it belongs to.</extracomment>
        <translation>提前结束（已停止或达到步数上限）</translation>
    </message>
</context>
<context>
    <name>ChartPanel</name>
    <message>
        <source>The chart appears when this panel is shown.</source>
        <extracomment>Refresh period of the depth plot while a run goes (longer if a refresh costs more). A running search&apos;s depth curve and position line are redrawn this often (s): a redraw of the plot is a long paint. Steps of a running search folded into the depth profile per frame (a millisecond or two: numpy folds a step in about 15 ns, the compiled fold in 2 ns). When the search makes steps faster, the curve shows the steps folded so far and catches up when it stops. The least height of a plot&apos;s drawing area (px) before the plots share the panel: below it, a log scale of seven decades has no room for a label at each power of ten. The least width of a plot beside the other (px). A plot&apos;s title, axis, tick labels and margins, in lines of text (4.6 measured). Runs whose words the chart keeps between redraws (up to four entries each). Where the runs come from once the window gives it (the history&apos;s rows, read when the chart is first drawn, not at start-up); until then, the runs added. Each run&apos;s words in the current language (strategy, group, tooltip), by the record&apos;s identity with what they depend on: a redraw after a new run makes only the new run&apos;s (10,000 runs&apos; words cost half a second). The plots side by side, one above the other, or a tab each (&quot;tabs&quot;). What the depth plot shows: (recording id, its length, its gaps), and when. (At first never, so the first redraw comes at once: the clock counts from boot, and 0 read as &quot;just now&quot; while the machine&apos;s uptime was under LIVE_REFRESH_S.) Seconds the last depth profile took (the live refresh slows down to match). The steps zoomed into on the depth plot (None: the whole run).</extracomment>
        <translation>图表在此面板显示时出现。</translation>
    </message>
    <message>
        <source>Steps per run</source>
        <translation>每次运行的步数</translation>
    </message>
    <message>
        <source>start square on {0}</source>
        <translation>起点在 {0}</translation>
    </message>
    <message>
        <source>start square (board)</source>
        <translation>起点（棋盘）</translation>
    </message>
    <message>
        <source>board size</source>
        <translation>棋盘大小</translation>
    </message>
    <message>
        <source>; N-Queens</source>
        <translation>；N 皇后</translation>
    </message>
    <message>
        <source>{0} {1}</source>
        <translation>{0} {1}</translation>
    </message>
    <message>
        <source>Run {0}: {1}, {2}
{3}
{4} steps ({5} moves, {6} backtracks)</source>
        <translation>运行 {0}：{1}，{2}
{3}
{4} 步（前进 {5}，回退 {6}）</translation>
    </message>
    <message>
        <source>No run on the board: press Start</source>
        <translation>棋盘上没有运行：按开始</translation>
    </message>
    <message>
        <source>Depth over time</source>
        <translation>深度随时间变化</translation>
    </message>
    <message>
        <source>Depth over time: {0} steps</source>
        <translation>深度随时间变化：{0} 步</translation>
    </message>
    <message>
        <source>Depth over time: steps {0} to {1} of {2}</source>
        <translation>深度随时间变化：第 {0} 至 {1} 步，共 {2} 步</translation>
    </message>
</context>
<context>
    <name>ColourBar</name>
    <message>
        <source> (cap)</source>
        <translation>（上限）</translation>
    </message>
</context>
<context>
    <name>CompareMenu</name>
    <message>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>&amp;Race two strategies</source>
        <translation>两种策略竞速(&amp;R)</translation>
    </message>
    <message>
        <source>Race</source>
        <translation>竞速</translation>
    </message>
    <message>
        <source>Two boards side by side, one strategy each, the same steps per tick: watch which finishes first</source>
        <translation>两块棋盘并排，各用一种策略，每次前进相同的步数：看谁先完成</translation>
    </message>
    <message>
        <source>Map all start squares</source>
        <translation>绘制所有起点地图</translation>
    </message>
    <message>
        <source>Steps &amp;chart</source>
        <translation>步数图表(&amp;C)</translation>
    </message>
    <message>
        <source>Steps per run for the history, and the depth over time of this run</source>
        <translation>运行记录中每次运行的步数，以及本次运行的深度随时间变化</translation>
    </message>
    <message>
        <source>Steps chart</source>
        <translation>步数图表</translation>
    </message>
    <message>
        <source>Run the current strategy from every start square and colour each square by the steps it took</source>
        <translation>从每个起点运行当前策略，并按所用步数给每个格子着色</translation>
    </message>
</context>
<context>
    <name>Comparison</name>
    <message>
        <source>the same number</source>
        <translation>步数相同</translation>
    </message>
    <message>
        <source>about as many</source>
        <translation>步数相差无几</translation>
    </message>
    <message>
        <source>at least {0} times as many</source>
        <translation>至少是前者的 {0} 倍</translation>
    </message>
    <message>
        <source>at most {0} times as many</source>
        <translation>至多是前者的 {0} 倍</translation>
    </message>
    <message>
        <source>{0} times as many</source>
        <translation>是前者的 {0} 倍</translation>
    </message>
    <message>
        <source>Press Start, then change the strategy and run again from the same start: the two runs are compared here.</source>
        <translation>按开始，然后换一种策略从同一起点再运行一次：两次运行的对比显示在这里。</translation>
    </message>
    <message>
        <source>{0}: {1}.</source>
        <translation>{0}：{1}。</translation>
    </message>
    <message>
        <source>Change the strategy and run again to compare.</source>
        <translation>换一种策略再运行一次即可比较。</translation>
    </message>
    <message>
        <source>Run {0} from the same square to compare.</source>
        <translation>从同一格运行{0}即可比较。</translation>
    </message>
    <message>
        <source>Run {0} on the same board to compare.</source>
        <translation>在同一棋盘上运行{0}即可比较。</translation>
    </message>
    <message>
        <source>{0} from the same square: {1}</source>
        <translation>从同一格出发的{0}：{1}</translation>
    </message>
    <message>
        <source>{0} on the same board: {1}</source>
        <translation>同一棋盘上的{0}：{1}</translation>
    </message>
    <message>
        <source>{0}, {1}.</source>
        <translation>{0}，{1}。</translation>
    </message>
    <message>
        <source>{0}.</source>
        <translation>{0}。</translation>
    </message>
</context>
<context>
    <name>ComparisonCounts</name>
    <message numerus="yes">
        <source>stopped after {0} steps</source>
        <translation>
            <numerusform>在 {0} 步后停止</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>step limit reached after {0} steps</source>
        <translation>
            <numerusform>{0} 步后达到步数上限</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} steps</source>
        <translation>
            <numerusform>{0} 步</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} is still searching: {1} steps so far.</source>
        <translation>
            <numerusform>{0}仍在搜索：至今 {1} 步。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComparisonPanel</name>
    <message>
        <source>Comparison</source>
        <translation>对比</translation>
    </message>
</context>
<context>
    <name>ConstraintsPanel</name>
    <message>
        <source>Columns  x</source>
        <translation>列  x</translation>
    </message>
    <message>
        <source>Ascending diagonals  x + y</source>
        <translation>上升对角线  x + y</translation>
    </message>
    <message>
        <source>Descending diagonals  x − y</source>
        <translation>下降对角线  x − y</translation>
    </message>
    <message>
        <source>Rank {0} at the top, file a on the left; 1: a queen (left), an attacked square (right)</source>
        <translation>第 {0} 行在上，a 列在左；1 表示皇后（左）或受攻击的格子（右）</translation>
    </message>
    <message>
        <source>{0} rejected: {1}.</source>
        <translation>{0} 被排除：{1}。</translation>
    </message>
    <message>
        <source>; </source>
        <extracomment>between the reasons a square is rejected</extracomment>
        <translation>；</translation>
    </message>
    <message>
        <source>, </source>
        <extracomment>between the names of squares in a list</extracomment>
        <translation>、</translation>
    </message>
    <message>
        <source>Examined and rejected on this rank: {0}.</source>
        <translation>本行已检查并排除：{0}。</translation>
    </message>
    <message>
        <source>{0} is free: a queen goes there.</source>
        <translation>{0} 无冲突：在此放一个皇后。</translation>
    </message>
    <message>
        <source>Nothing left on rank {0}: take back the queen below.</source>
        <translation>第 {0} 行已无处可放：撤回下面一行的皇后。</translation>
    </message>
    <message>
        <source>column {0} is taken (queen on {1})</source>
        <translation>{0} 列已被占（皇后在 {1}）</translation>
    </message>
    <message>
        <source>diagonal x + y = {0} is taken (queen on {1})</source>
        <translation>对角线 x + y = {0} 已被占（皇后在 {1}）</translation>
    </message>
    <message>
        <source>diagonal x − y = {0} is taken (queen on {1})</source>
        <translation>对角线 x − y = {0} 已被占（皇后在 {1}）</translation>
    </message>
    <message>
        <source>queens</source>
        <translation>queens</translation>
    </message>
    <message>
        <source>attacked</source>
        <translation>受攻击</translation>
    </message>
    <message>
        <source>queens   = 0x{0:0{1}X}</source>
        <translation>queens   = 0x{0:0{1}X}</translation>
    </message>
    <message>
        <source>attacked = 0x{0:0{1}X}</source>
        <translation>attacked = 0x{0:0{1}X}</translation>
    </message>
    <message>
        <source>{0}, {1}</source>
        <translation>{0}，{1}</translation>
    </message>
    <message numerus="yes">
        <source>{0} queens</source>
        <translation>
            <numerusform>{0} 个皇后</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} squares attacked</source>
        <translation>
            <numerusform>{0} 格受攻击</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConstructCheck</name>
    <message>
        <source>Construct (no search)</source>
        <translation>构造（不搜索）</translation>
    </message>
    <message>
        <source>Build a closed tour without any search: Parberry&apos;s divide and conquer (1997) joins small stored tours at the corners of the board&apos;s quarters.</source>
        <translation>不做任何搜索，直接造出闭合周游：Parberry 的分治法（1997）在棋盘四个象限的角上把存好的小周游连接起来。</translation>
    </message>
</context>
<context>
    <name>ControlPanel</name>
    <message>
        <source>Which puzzle the search solves</source>
        <extracomment>Slider positions 0 … SLIDER_MAX - 1 span 1 … 10,000 steps/s logarithmically; SLIDER_MAX itself is &quot;unlimited&quot;. The puzzle, the board size or a strategy setting changed.</extracomment>
        <translation>搜索要解的问题</translation>
    </message>
    <message>
        <source>Puzzle</source>
        <extracomment>The puzzle selector: the window puts it above the scrolled settings, so the mouse wheel over a strategy&apos;s text can never scroll it away.</extracomment>
        <translation>问题</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>棋盘</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Rows of the board (N-Queens: N, up to 30)</source>
        <translation>棋盘行数（N 皇后：N，最多 30）</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>列数</translation>
    </message>
    <message>
        <source>Columns of the board (1 to 100)</source>
        <translation>棋盘列数（1 到 100）</translation>
    </message>
    <message>
        <source>Keep rows and columns equal</source>
        <translation>行数与列数保持相同</translation>
    </message>
    <message>
        <source>Square</source>
        <translation>正方形</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
</context>
<context>
    <name>CounterPanel</name>
    <message>
        <source>Counters</source>
        <extracomment>The counters of the compact layout, two by two.</extracomment>
        <translation>计数</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>前进</translation>
    </message>
    <message>
        <source>Backtracks</source>
        <translation>回退</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Squares covered</source>
        <translation>已走格数</translation>
    </message>
    <message>
        <source>Solutions</source>
        <translation>解数</translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation>用时</translation>
    </message>
    <message>
        <source>Steps per second</source>
        <translation>每秒步数</translation>
    </message>
    <message>
        <source>Wall time since Start, pauses excluded (slow speeds included)</source>
        <translation>从开始计起的实际用时，不含暂停（含慢速演示）</translation>
    </message>
    <message>
        <source>Steps per second: measured while the board follows the search; the run&apos;s own rate (its steps over its time) at any other step</source>
        <translation>每秒步数：棋盘跟随搜索时为实测值；在其他步时为这次运行自身的速度（总步数除以总用时）</translation>
    </message>
    <message>
        <source>Steps = {0} + {1}</source>
        <translation>步数 = {0} + {1}</translation>
    </message>
</context>
<context>
    <name>DepthPlot</name>
    <message>
        <source>step</source>
        <extracomment>The user zoomed or panned: draw the steps now in view. Double-click: back to the whole run.
----------
Every step&apos;s depth, when the plot shows a column a step (zoomed in, or a short run). A long run&apos;s band: the area from each bucket&apos;s lowest to its highest depth, filled. (Drawn as a stroke per bucket, it took 13 to 30 ms to paint while a run went on: a vertical line is a span per pixel row; a filled area is a span per row.) A long run&apos;s mean depth per bucket: its slow swings, inside the band. The stretches of steps the recording dropped, shaded behind the curves. What the curves show: the profile, its buckets merged to the plot&apos;s width.</extracomment>
        <translation>步</translation>
    </message>
    <message>
        <source>depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <source>Depth over time</source>
        <translation>深度随时间变化</translation>
    </message>
    <message>
        <source>Wheel: zoom into the steps; drag: pan; double-click: all</source>
        <translation>滚轮：放大步数范围；拖动：平移；双击：全部</translation>
    </message>
    <message>
        <source>solution depth {0}</source>
        <translation>解的深度 {0}</translation>
    </message>
</context>
<context>
    <name>EngineStatus</name>
    <message>
        <source>Engine: Python, in your strategy&apos;s own process</source>
        <extracomment>What the run&apos;s backend callable answers for a run of a strategy of one&apos;s own. The compiled engine is ready (once; also when it already was).</extracomment>
        <translation>引擎：Python，在你的策略自己的进程中</translation>
    </message>
    <message>
        <source>A strategy of your own runs on the Python engine, in a process of its own: nothing it does can stop the window.</source>
        <translation>自编策略在 Python 引擎上运行，位于独立的进程中：它做什么都不会卡住窗口。</translation>
    </message>
    <message>
        <source>Engine: Python for this run, compiled for the next</source>
        <translation>引擎：本次用 Python，下次用编译版</translation>
    </message>
    <message>
        <source>This run started before the compiled engine was ready; the next run will use it (numba, C speed).</source>
        <translation>本次运行开始时编译引擎尚未就绪；下次运行将使用它（numba，C 语言的速度）。</translation>
    </message>
    <message>
        <source>Engine: compiled</source>
        <translation>引擎：编译版</translation>
    </message>
    <message>
        <source>Searches run on the compiled engine (numba): C speed.</source>
        <translation>搜索在编译引擎（numba）上运行：C 语言的速度。</translation>
    </message>
    <message>
        <source>Engine: Python (preparing the compiled engine…)</source>
        <translation>引擎：Python（正在准备编译引擎…）</translation>
    </message>
    <message>
        <source>The compiled engine is loading in the background; runs started now use the Python engine.</source>
        <translation>编译引擎正在后台加载；现在开始的运行使用 Python 引擎。</translation>
    </message>
    <message>
        <source>Engine: Python</source>
        <translation>引擎：Python</translation>
    </message>
    <message>
        <source>The compiled engine could not be loaded: {0}</source>
        <translation>无法加载编译引擎：{0}</translation>
    </message>
    <message>
        <source>Searches run on the pure-Python reference engine.</source>
        <translation>搜索在纯 Python 参考引擎上运行。</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>A run is going: it can be exported once it has ended (or press Reset).</source>
        <extracomment>A GIF has at most this many frames: longer stretches are sampled evenly. Longest side of a GIF (pixels), and its default. Frame delay of a GIF (ms), and how long its last frame stays before it loops. Longest side of the board in PNG and SVG (logical pixels); PNG is drawn at twice that. The start square (``row * cols + col``).</extracomment>
        <translation>正在运行：运行结束后才能导出（或按重置）。</translation>
    </message>
    <message>
        <source>No run to export yet: press Start, or bring a run back from the history.</source>
        <translation>还没有可导出的运行：按开始，或从运行记录中恢复一次运行。</translation>
    </message>
    <message>
        <source>PNG image of the board</source>
        <translation>棋盘的 PNG 图片</translation>
    </message>
    <message>
        <source>SVG drawing of the board</source>
        <translation>棋盘的 SVG 矢量图</translation>
    </message>
    <message>
        <source>Animated GIF of the run</source>
        <translation>运行过程的 GIF 动画</translation>
    </message>
    <message>
        <source>Interactive page</source>
        <translation>交互式网页</translation>
    </message>
    <message>
        <source>Could not write {0}.</source>
        <translation>无法写入 {0}。</translation>
    </message>
    <message>
        <source>Drawn by knightviz</source>
        <translation>由 knightviz 绘制</translation>
    </message>
    <message>
        <source>GIF export cancelled.</source>
        <translation>已取消 GIF 导出。</translation>
    </message>
    <message>
        <source>This run has no recorded steps.</source>
        <translation>这次运行没有录制的步骤。</translation>
    </message>
    <message>
        <source>The interactive page shows the knight on a full board only, not removed squares or other pieces.</source>
        <translation>交互页面目前只显示完整棋盘上的马，不显示去掉的格子或其他棋子。</translation>
    </message>
    <message>
        <source>the system refused to read it</source>
        <translation>系统拒绝读取该文件</translation>
    </message>
    <message>
        <source>damaged file: its contents do not make a run this knightviz can show</source>
        <translation>文件已损坏：其内容无法构成本 knightviz 能显示的运行</translation>
    </message>
    <message>
        <source>{0} cannot be opened: {1}.</source>
        <translation>无法打开 {0}：{1}。</translation>
    </message>
    <message>
        <source>{0} cannot be read: {1}.</source>
        <translation>无法读取 {0}：{1}。</translation>
    </message>
    <message>
        <source>The recording had dropped {0} steps to stay within its memory budget: the file keeps the rest, and the timeline shows the gaps hatched.</source>
        <translation>为不超出内存预算，录制丢弃了 {0} 步：文件保存其余部分，时间轴上以斜线标出空缺。</translation>
    </message>
    <message>
        <source>CSV table</source>
        <translation>CSV 表格</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>knightviz runs</source>
        <translation>knightviz 运行文件</translation>
    </message>
    <message>
        <source>Open a saved run</source>
        <translation>打开保存的运行</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>FileMenu</name>
    <message>
        <source>&amp;File</source>
        <extracomment>A saved run was opened: its record (the window adds it to the history and shows it). One line for the status bar, and how long to show it (ms).</extracomment>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open run…</source>
        <extracomment>The last GIF&apos;s frames, seconds and bytes (also in the status bar).</extracomment>
        <translation>打开运行(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a run saved with Save run: its board, timeline and history row</source>
        <translation>打开用“保存运行”保存的运行：棋盘、时间轴和运行记录</translation>
    </message>
    <message>
        <source>&amp;Save run…</source>
        <translation>保存运行(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Export run…</source>
        <translation>导出运行(&amp;E)…</translation>
    </message>
    <message>
        <source>Export &amp;history…</source>
        <translation>导出运行记录(&amp;H)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Close the window and quit (the settings are kept)</source>
        <translation>关闭窗口并退出（设置会保留）</translation>
    </message>
    <message>
        <source>Export the run on the board: text, JSON, image, interactive page</source>
        <translation>导出棋盘上的运行：文本、JSON、图片、交互式网页</translation>
    </message>
    <message>
        <source>Save the run with its recording, to open it later</source>
        <translation>保存运行及其录制，以便以后打开</translation>
    </message>
    <message>
        <source>No runs in the history yet.</source>
        <translation>运行记录中还没有运行。</translation>
    </message>
    <message>
        <source>Export every run of the history as CSV or JSON</source>
        <translation>将运行记录中的每次运行导出为 CSV 或 JSON</translation>
    </message>
    <message>
        <source>Export run</source>
        <translation>导出运行</translation>
    </message>
    <message>
        <source>Saved {0}: {1} frames, {2} KB in {3} s.</source>
        <translation>已保存 {0}：{1} 帧，{2} KB，用时 {3} 秒。</translation>
    </message>
    <message>
        <source>Exported the run to {0}.</source>
        <translation>已将运行导出到 {0}。</translation>
    </message>
    <message>
        <source>Export history</source>
        <translation>导出运行记录</translation>
    </message>
    <message>
        <source>Exported the history to {0}.</source>
        <translation>已将运行记录导出到 {0}。</translation>
    </message>
    <message>
        <source>Save run</source>
        <translation>保存运行</translation>
    </message>
    <message>
        <source>Saved the run to {0}.</source>
        <translation>已将运行保存到 {0}。</translation>
    </message>
    <message>
        <source>Open run</source>
        <translation>打开运行</translation>
    </message>
    <message>
        <source>Opened {0}: drag the timeline, or Back/Step.</source>
        <translation>已打开 {0}：拖动时间轴，或使用后退/单步。</translation>
    </message>
    <message>
        <source>Drawing the GIF&apos;s frames…</source>
        <translation>正在绘制 GIF 的各帧…</translation>
    </message>
</context>
<context>
    <name>Forecast</name>
    <message>
        <source>{0} at full speed on the Python engine (the compiled one is loading)</source>
        <extracomment>Link targets.</extracomment>
        <translation>Python 引擎全速 {0}（编译引擎正在加载）</translation>
    </message>
    <message>
        <source>{0} at full speed</source>
        <translation>全速 {0}</translation>
    </message>
    <message>
        <source>{0} at {1}</source>
        <translation>以 {1} 需 {0}</translation>
    </message>
    <message>
        <source>{0}, {1}</source>
        <translation>{0}，{1}</translation>
    </message>
    <message>
        <source>{0}: working out what the run will take…</source>
        <translation>{0}：正在估算这次运行需要多少步…</translation>
    </message>
    <message>
        <source>{0} ends after {1} steps: {2}.</source>
        <translation>{0} 在 {1} 步后结束：{2}。</translation>
    </message>
    <message>
        <source>{0} ends after about {1} steps (measured): {2}.</source>
        <translation>{0} 约在 {1} 步后结束（实测）：{2}。</translation>
    </message>
    <message>
        <source>a long time</source>
        <translation>很长时间</translation>
    </message>
    <message>
        <source>{0} has not ended within {1} steps; its whole tree holds about {2} steps: up to {3} at full speed on the Python engine (the compiled one is loading).</source>
        <translation>{0} 在 {1} 步内没有结束；整棵搜索树约有 {2} 步：Python 引擎全速最多需要 {3}（编译引擎正在加载）。</translation>
    </message>
    <message>
        <source>{0} has not ended within {1} steps; its whole tree holds about {2} steps: up to {3} at full speed.</source>
        <translation>{0} 在 {1} 步内没有结束；整棵搜索树约有 {2} 步：全速最多需要 {3}。</translation>
    </message>
    <message>
        <source>{0} has not ended within {1} steps.</source>
        <translation>{0} 在 {1} 步内没有结束。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Ends sooner from {0}.</source>
        <translation>从这些起点会更快结束：{0}。</translation>
    </message>
    <message>
        <source>Looking for start squares that end sooner…</source>
        <translation>正在寻找能更快结束的起点…</translation>
    </message>
    <message>
        <source>Race it against {0}</source>
        <translation>与{0}竞速</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>{0} ms</source>
        <translation>{0} 毫秒</translation>
    </message>
    <message>
        <source>{0} s</source>
        <translation>{0} 秒</translation>
    </message>
    <message>
        <source>{0} min {1} s</source>
        <translation>{0} 分 {1} 秒</translation>
    </message>
    <message>
        <source>{0} h {1} min</source>
        <translation>{0} 小时 {1} 分</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>{0} steps/s</source>
        <translation>{0} 步/秒</translation>
    </message>
    <message>
        <source>forever</source>
        <extracomment>Chinese (full-width) punctuation ends a sentence without a space after it.</extracomment>
        <translation>永远</translation>
    </message>
    <message>
        <source>under a second</source>
        <translation>不到一秒</translation>
    </message>
    <message>
        <source>{0} seconds</source>
        <translation>{0} 秒</translation>
    </message>
    <message>
        <source>{0} minutes</source>
        <translation>{0} 分钟</translation>
    </message>
    <message>
        <source>{0} hours</source>
        <translation>{0} 小时</translation>
    </message>
    <message>
        <source>{0} days</source>
        <translation>{0} 天</translation>
    </message>
    <message>
        <source>{0} years</source>
        <translation>{0} 年</translation>
    </message>
    <message>
        <source>{0} million years</source>
        <translation>{0} × 10⁶ 年</translation>
    </message>
    <message>
        <source>{0} billion years</source>
        <translation>{0} × 10⁹ 年</translation>
    </message>
    <message>
        <source>Whole tree ≈ {0} steps (likely {1}, {2} probes)</source>
        <translation>整棵树 ≈ {0} 步（可能在 {1} 之间，{2} 次探测）</translation>
    </message>
    <message>
        <source>Whole tree ≈ {0} steps ({1} probes)</source>
        <translation>整棵树 ≈ {0} 步（{1} 次探测）</translation>
    </message>
    <message>
        <source>: under a second at this speed</source>
        <translation>，按此速度不到一秒</translation>
    </message>
    <message>
        <source>: about {0} at this speed</source>
        <translation>，按此速度约需 {0}</translation>
    </message>
</context>
<context>
    <name>Gauge</name>
    <message>
        <source>all of it</source>
        <extracomment>Light ticks across the bar: a quarter, a half, three quarters.</extracomment>
        <translation>全部</translation>
    </message>
    <message>
        <source>less than 1 part in 10²⁰</source>
        <translation>不到 10²⁰ 分之一</translation>
    </message>
    <message>
        <source>none: straight to a solution</source>
        <translation>没有：直接找到了解</translation>
    </message>
    <message>
        <source>none</source>
        <translation>没有</translation>
    </message>
    <message>
        <source>nothing finished yet</source>
        <translation>尚无已完成的分支</translation>
    </message>
    <message>
        <source>{0} %</source>
        <translation>{0}%</translation>
    </message>
    <message>
        <source>1 part in {0}</source>
        <translation>{0} 分之一</translation>
    </message>
</context>
<context>
    <name>GaugePanel</name>
    <message>
        <source>Explored</source>
        <translation>已探索</translation>
    </message>
    <message>
        <source>The part of the whole search tree already behind the search (Knuth&apos;s estimate from the stack): the bar fills in proportion, so a part of a millionth leaves it empty</source>
        <translation>整棵搜索树中搜索已走过的部分（由栈按 Knuth 方法估计）：条按比例填充，因此只占百万分之一时看上去是空的</translation>
    </message>
    <message>
        <source>The whole tree&apos;s size by Knuth&apos;s random probes, with its spread, and the time an exhaustive search would take at the current speed</source>
        <translation>用 Knuth 随机探测估计的整棵树大小及其误差，以及按当前速度穷举搜索所需的时间</translation>
    </message>
</context>
<context>
    <name>GifDialog</name>
    <message>
        <source>Export an animated GIF</source>
        <translation>导出 GIF 动画</translation>
    </message>
    <message>
        <source>The step of the timeline the GIF starts at</source>
        <translation>GIF 从时间轴的这一步开始</translation>
    </message>
    <message>
        <source>The step it ends at (the step on the board now: {0})</source>
        <translation>GIF 在这一步结束（棋盘上当前为第 {0} 步）</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source>How long each frame is shown</source>
        <translation>每帧显示的时长</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>The longest side of the picture</source>
        <translation>图片较长一边的尺寸</translation>
    </message>
    <message>
        <source>From step</source>
        <translation>起始步</translation>
    </message>
    <message>
        <source>To step</source>
        <translation>结束步</translation>
    </message>
    <message>
        <source>Frame delay</source>
        <translation>帧间隔</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>尺寸</translation>
    </message>
    <message>
        <source>{0} frames, evenly spread over {1} steps.</source>
        <translation>{0} 帧，均匀分布在 {1} 步中。</translation>
    </message>
    <message>
        <source>{0} frames, one per step.</source>
        <translation>{0} 帧，每步一帧。</translation>
    </message>
</context>
<context>
    <name>GuideDialog</name>
    <message>
        <source>What am I looking at?</source>
        <translation>我在看什么？</translation>
    </message>
    <message>
        <source>The board</source>
        <extracomment>The pictures shown (tests check they are real paintings).</extracomment>
        <translation>棋盘</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Numbers&lt;/b&gt; are the order of the moves: the start is 0. The &lt;b&gt;line&lt;/b&gt; joins them into the knight&apos;s path.&lt;/p&gt;&lt;p&gt;Visited squares are &lt;b&gt;tinted blue&lt;/b&gt;: faintly for the first moves, deeper and deeper up to the last, so the order shows even where numbers do not fit.&lt;/p&gt;&lt;p&gt;The &lt;b&gt;framed square&lt;/b&gt; (the highlight colour) is where the search stands now.&lt;/p&gt;&lt;p&gt;With Warnsdorff&apos;s rule, at paced speeds or when paused, each square the knight could jump to shows its &lt;b&gt;onward degree&lt;/b&gt; in a corner badge (how many moves it would have from there); the rule takes the smallest, &lt;b&gt;framed in green&lt;/b&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;数字&lt;/b&gt;是走法的顺序：起点为 0。&lt;b&gt;连线&lt;/b&gt;把它们连成马的路径。&lt;/p&gt;&lt;p&gt;走过的格子&lt;b&gt;染成蓝色&lt;/b&gt;：最先走的几步很淡，越往后越深，数字放不下时也能看出顺序。&lt;/p&gt;&lt;p&gt;&lt;b&gt;带框的格子&lt;/b&gt;（高亮色）是搜索当前所在的位置。&lt;/p&gt;&lt;p&gt;使用 Warnsdorff 规则时，在慢速或暂停状态下，马能跳到的每个格子角上会显示它的&lt;b&gt;出口数&lt;/b&gt;（从那里还能走几步）；规则选择最小者，以&lt;b&gt;绿框&lt;/b&gt;标出。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Backtracking</source>
        <translation>回溯</translation>
    </message>
    <message>
        <source>&lt;p&gt;When every move from a square leads to a dead end, the search &lt;b&gt;backtracks&lt;/b&gt;: it takes the last move back and tries the next candidate. The square it left &lt;b&gt;flashes red&lt;/b&gt; and fades.&lt;/p&gt;&lt;p&gt;Plain backtracking does this millions of times on 8×8; Warnsdorff&apos;s rule almost never. The Backtracks counter and the history count them.&lt;/p&gt;</source>
        <translation>&lt;p&gt;当一个格子的所有走法都走进死路时，搜索就会&lt;b&gt;回溯&lt;/b&gt;：撤回上一步，尝试下一个候选。离开的格子会&lt;b&gt;闪红&lt;/b&gt;并渐渐消失。&lt;/p&gt;&lt;p&gt;固定顺序的回溯在 8×8 上要回退数百万次；Warnsdorff 规则几乎从不回退。回退计数器和运行记录会统计它们。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>N-Queens</source>
        <translation>N 皇后</translation>
    </message>
    <message>
        <source>&lt;p&gt;Queens are placed rank by rank. &lt;b&gt;Hatched red&lt;/b&gt; squares are attacked by a queen already placed; the search skips them.&lt;/p&gt;&lt;p&gt;At paced speeds, &lt;b&gt;red crosses&lt;/b&gt; mark the squares the last scan rejected, and a &lt;b&gt;dashed green frame&lt;/b&gt; the square the next queen takes. A solution&apos;s queens are tinted green.&lt;/p&gt;</source>
        <translation>&lt;p&gt;皇后逐行放置。&lt;b&gt;红色斜线&lt;/b&gt;格子受到已放皇后的攻击，搜索会跳过它们。&lt;/p&gt;&lt;p&gt;慢速时，&lt;b&gt;红叉&lt;/b&gt;标出上次扫描排除的格子，&lt;b&gt;绿色虚线框&lt;/b&gt;标出下一个皇后要放的格子。解中的皇后以绿色显示。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The search stack</source>
        <translation>搜索栈</translation>
    </message>
    <message>
        <source>&lt;p&gt;One row per depth, with the candidates that level tries in order: &lt;b&gt;grey&lt;/b&gt;: tried and finished; &lt;b&gt;green&lt;/b&gt;: being explored now; &lt;b&gt;outlined blue&lt;/b&gt;: not tried yet; &lt;b&gt;struck through&lt;/b&gt;: already on the path (plain backtracking tries it and rejects it). With Warnsdorff&apos;s rule each chip shows its onward degree. Hover a row to see it on the board.&lt;/p&gt;</source>
        <translation>&lt;p&gt;每层深度一行，列出该层按顺序尝试的候选：&lt;b&gt;灰色&lt;/b&gt;：已尝试完毕；&lt;b&gt;绿色&lt;/b&gt;：正在探索；&lt;b&gt;蓝框&lt;/b&gt;：尚未尝试；&lt;b&gt;删除线&lt;/b&gt;：已在路径上（固定顺序回溯会尝试并拒绝它）。使用 Warnsdorff 规则时，每个候选显示其出口数。把鼠标停在某行上可在棋盘上看到它。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The timeline</source>
        <translation>时间轴</translation>
    </message>
    <message>
        <source>&lt;p&gt;The whole recorded run, under the board: drag it to see any step again. Marks: &lt;b&gt;blue&lt;/b&gt;: the deepest point so far; &lt;b&gt;red&lt;/b&gt;: the start of the longest backtrack; &lt;b&gt;gold&lt;/b&gt;: a solution; a bar at the end of a finished run. Hatched stretches were dropped to save memory.&lt;/p&gt;</source>
        <translation>&lt;p&gt;棋盘下方是整个录制的运行：拖动它可重看任意一步。标记：&lt;b&gt;蓝色&lt;/b&gt;：目前最深处；&lt;b&gt;红色&lt;/b&gt;：最长一次回溯的开始；&lt;b&gt;金色&lt;/b&gt;：一个解；运行结束处有一条竖线。斜线区域为节省内存已被丢弃。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>⚠ No tour can exist on a 4×4 board</source>
        <translation>⚠ 4×4 棋盘上不存在周游</translation>
    </message>
    <message>
        <source>Banners above the board</source>
        <translation>棋盘上方的提示条</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Amber&lt;/b&gt;: no solution can exist with these settings, and why; “Search anyway” runs the search to prove it.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Blue&lt;/b&gt;: this run is taking far more steps than the board has squares, and what would help.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;琥珀色&lt;/b&gt;：在这些设置下不可能有解，并说明原因；“仍然搜索”会运行搜索来证明这一点。&lt;/p&gt;&lt;p&gt;&lt;b&gt;蓝色&lt;/b&gt;：这次运行的步数远超棋盘格子数，并给出建议。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Steps = moves + backtracks</source>
        <translation>步数 = 前进 + 回退</translation>
    </message>
    <message>
        <source>Counters, gauge and history</source>
        <translation>计数器、进度条和运行记录</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Moves&lt;/b&gt; and &lt;b&gt;backtracks&lt;/b&gt; (N-Queens: placements and removals); &lt;b&gt;steps&lt;/b&gt; are both. The &lt;b&gt;gauge&lt;/b&gt; under the board says how much of the whole search tree is behind the search (the bar fills in proportion; the figure beside it tells a part too small to see) and estimates the rest.&lt;/p&gt;&lt;p&gt;Every finished or stopped run adds a row to the &lt;b&gt;history&lt;/b&gt;; double-click one to bring its settings back. The history is kept between sessions.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;前进&lt;/b&gt;和&lt;b&gt;回退&lt;/b&gt;（N 皇后：放置与移除）；&lt;b&gt;步数&lt;/b&gt;是两者之和。棋盘下方的&lt;b&gt;进度条&lt;/b&gt;显示整个搜索树中已搜索过的部分（按比例填充；小到看不见的部分由旁边的数字说明），并估计剩余部分。&lt;/p&gt;&lt;p&gt;每次结束或停止的运行都会在&lt;b&gt;运行记录&lt;/b&gt;中添加一行；双击可恢复其设置。运行记录在两次使用之间会保留。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <source>Space</source>
        <translation>空格</translation>
    </message>
    <message>
        <source>Start, pause or resume the search (a focused check box keeps its Space: click the board first)</source>
        <translation>开始、暂停或继续搜索（焦点在复选框上时空格归复选框：先单击棋盘）</translation>
    </message>
    <message>
        <source>N or →</source>
        <translation>N 或 →</translation>
    </message>
    <message>
        <source>One step: a move or a backtrack (starts a paused run when idle)</source>
        <translation>走一步：一次前进或回退（空闲时以暂停状态开始运行）</translation>
    </message>
    <message>
        <source>Shift+N, Shift+→ or Backspace</source>
        <translation>Shift+N、Shift+→ 或 Backspace</translation>
    </message>
    <message>
        <source>Step back: undo exactly one step</source>
        <translation>后退一步：恰好撤销一步</translation>
    </message>
    <message>
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <source>Reset: stop the search and clear the board</source>
        <translation>重置：停止搜索并清空棋盘</translation>
    </message>
    <message>
        <source>← ↑ → ↓ (board focused, before a run)</source>
        <translation>← ↑ → ↓（棋盘有焦点，运行开始前）</translation>
    </message>
    <message>
        <source>Move the start square; → steps only during a run</source>
        <translation>移动起点；运行中 → 为单步</translation>
    </message>
    <message>
        <source>Drag the piece, or click a square</source>
        <translation>拖动棋子，或单击格子</translation>
    </message>
    <message>
        <source>Choose the start square</source>
        <translation>选择起点</translation>
    </message>
    <message>
        <source>Double-click a run in the history</source>
        <translation>双击运行记录中的一次运行</translation>
    </message>
    <message>
        <source>Bring back its settings and start</source>
        <translation>恢复其设置和起点</translation>
    </message>
    <message>
        <source>Click or drag the timeline</source>
        <translation>单击或拖动时间轴</translation>
    </message>
    <message>
        <source>Show the board at that step of the recording</source>
        <translation>显示录制中那一步的棋盘</translation>
    </message>
    <message>
        <source>Tab, Shift+Tab</source>
        <translation>Tab、Shift+Tab</translation>
    </message>
    <message>
        <source>Move the keyboard focus between controls</source>
        <translation>在控件之间移动键盘焦点</translation>
    </message>
    <message>
        <source> or </source>
        <extracomment>A mnemonic written apart from the words, as Chinese does: &quot;保存运行(&amp;S)…&quot; (the key in brackets goes with the ampersand; &quot;&amp;&amp;&quot; is a literal ampersand, kept).</extracomment>
        <translation> 或 </translation>
    </message>
    <message>
        <source>About knightviz</source>
        <translation>关于 knightviz</translation>
    </message>
    <message>
        <source>&lt;h3&gt;knightviz {0}&lt;/h3&gt;&lt;p&gt;Watch backtracking search think: every move and every backtrack of a knight&apos;s tour or N-Queens search, live.&lt;/p&gt;&lt;p&gt;Toggle Warnsdorff&apos;s rule and compare the steps in the history.&lt;/p&gt;&lt;p&gt;Help › What am I looking at? explains the board and the panels; Help › Keyboard shortcuts lists every key.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;knightviz {0}&lt;/h3&gt;&lt;p&gt;观看回溯搜索如何思考：骑士周游或 N 皇后搜索的每一步前进和每一次回退，实时呈现。&lt;/p&gt;&lt;p&gt;打开 Warnsdorff 规则，在运行记录中比较步数。&lt;/p&gt;&lt;p&gt;帮助 › 我在看什么？解释棋盘和各个面板；帮助 › 键盘快捷键列出所有按键。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;What am I looking at?</source>
        <translation>我在看什么？(&amp;W)</translation>
    </message>
    <message>
        <source>A short illustrated guide to the board&apos;s colours, numbers and the panels</source>
        <translation>一份图解指南：棋盘的颜色、数字和各个面板</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Every key the window understands</source>
        <translation>窗口能识别的所有按键</translation>
    </message>
    <message>
        <source>&amp;About knightviz</source>
        <translation>关于 knightviz(&amp;A)</translation>
    </message>
    <message>
        <source>The version, and what knightviz is for</source>
        <translation>版本，以及 knightviz 的用途</translation>
    </message>
</context>
<context>
    <name>HistoryPlot</name>
    <message>
        <source>steps (log scale)</source>
        <extracomment>Strategy colours, in order of first appearance: Okabe and Ito&apos;s palette for colour vision deficiency, without its yellow (unreadable on white); each reads on light and dark. Outcomes of a run that ended before the search did (drawn hollow). Up to this many runs, each point carries its steps as text. A run&apos;s point on the steps-per-run plot (px across). Buckets the depth plot draws at least, however narrow it is. Where it is drawn: group index (plus an offset), log10 of the steps.
----------
Each point&apos;s figure, and the point it belongs to (placed by ``_fit``). The points&apos; log10 range, the top with room above the highest point.</extracomment>
        <translation>步数（对数刻度）</translation>
    </message>
    <message>
        <source>start square</source>
        <translation>起点</translation>
    </message>
    <message>
        <source>Steps per run</source>
        <translation>每次运行的步数</translation>
    </message>
    <message>
        <source>Each run appears here when it ends</source>
        <translation>每次运行结束后显示在这里</translation>
    </message>
</context>
<context>
    <name>HistoryStore</name>
    <message>
        <source>The run history was damaged and was moved to {0}; a new one was started, with the runs that could still be read copied into it: {1}.</source>
        <extracomment>``PRAGMA user_version`` of the schema below. Rows the history table can show: the newest ones. Only their ids are read at start-up (one query); a row&apos;s values are read when the table or the chart first needs them. Rows read in one query when the table needs a row not read yet: a screenful and more. Rows kept for a retry when they could not be written (a locked or full disk). How long a write waits for another program&apos;s lock before the row is kept for later (s): short, since the window waits with it. The journal beside the file: rows not written yet, one file per process (two windows may both be kept waiting), merged into the history when it is next opened. The largest journal read back (MAX_PENDING rows take well under it). A row already in the history when a journal&apos;s or a retried row is merged: the same run. Ids read at once from a damaged file (a span that fails is read one id at a time). The most ids a damaged file is searched through when it cannot say its largest. When it cannot, the search ends after this many spans in a row without a readable row (the file&apos;s end, or a stretch too damaged to hold any): each costs a lookup per id. Why the file is not in use, or &quot;&quot; when it is. Why the last run could not be written, or &quot;&quot;. Rows of the file that could not be read at start-up (left in the file). Rows found unreadable by ``read`` since ``row_ids`` (left in the file). Queries that read rows, and rows decoded: what opening the window costs. Settings already decoded and described, by (puzzle, their JSON): a history holds few distinct ones, so reading a row rarely decodes its settings again. Where a damaged or foreign file was moved, or None. Rows copied from the file moved aside into the new one. Rows that could not be written yet: tried again before the next one, by ``retry``, and kept in the journal meanwhile. The file was locked by another program when it was to be opened: ``retry`` opens it when the lock goes. Rows merged from journals left by an earlier session.</extracomment>
        <translation>运行历史已损坏，已移到 {0}；已新建一个历史文件，仍可读取的运行已复制进去：{1} 条。</translation>
    </message>
    <message>
        <source>The run history could not be read and was moved to {0}; a new one was started.</source>
        <translation>运行历史无法读取，已移到 {0}；已新建一个历史文件。</translation>
    </message>
    <message>
        <source>The run history {0} is in use by another program: saving is delayed, and this session&apos;s runs are written when it is free (at the latest at the next start).</source>
        <translation>运行历史 {0} 正被另一个程序使用：保存已推迟，本次会话的运行会在它空闲时写入（最迟在下次启动时）。</translation>
    </message>
    <message>
        <source>The run history {0} cannot be used ({1}): runs are kept for this session only.</source>
        <translation>运行历史 {0} 无法使用（{1}）：运行只保留在本次会话中。</translation>
    </message>
    <message>
        <source>1 history row could not be read and is not shown (it stays in the file).</source>
        <translation>有 1 行历史记录无法读取，未显示（它仍保留在文件中）。</translation>
    </message>
    <message>
        <source>{0} history rows could not be read and are not shown (they stay in the file).</source>
        <translation>有 {0} 行历史记录无法读取，未显示（它们仍保留在文件中）。</translation>
    </message>
    <message>
        <source>The last run could not be written to the history file {0}: {1}. Saving is delayed: it is kept, tried again with the next run and every few seconds, and written at the latest at the next start.</source>
        <translation>上一次运行无法写入历史文件 {0}：{1}。保存已推迟：该运行会被保留，在下一次运行时及每隔几秒重试，最迟在下次启动时写入。</translation>
    </message>
    <message>
        <source>The run history {0} could not be cleared ({1}): runs are kept for this session only.</source>
        <translation>运行历史 {0} 无法清空（{1}）：运行只保留在本次会话中。</translation>
    </message>
</context>
<context>
    <name>HistoryTable</name>
    <message>
        <source>Moves (N-Queens: placements)</source>
        <translation>前进（N 皇后：放置）</translation>
    </message>
    <message>
        <source>Backtracks (N-Queens: removals)</source>
        <translation>回退（N 皇后：撤回）</translation>
    </message>
    <message>
        <source>Steps = moves + backtracks</source>
        <translation>步数 = 前进 + 回退</translation>
    </message>
    <message>
        <source>How much of its whole search tree the run had finished when it ended: “all of it” for a search that tried everything, “none” for one that went straight to a solution, else a share such as “1 part in 10¹⁶” (Knuth&apos;s estimate from the stack)</source>
        <translation>运行结束时已完成整棵搜索树的多少：尝试了所有可能的搜索为“全部”，直接找到解的为“没有”，否则为一个比例，例如“10¹⁶ 分之一”（由栈按 Knuth 方法估计）</translation>
    </message>
    <message>
        <source>Time the engine spent computing</source>
        <translation>引擎计算所用的时间</translation>
    </message>
    <message>
        <source>Runs raced side by side (Compare, Race): the race and the other run</source>
        <translation>并排竞速的运行（比较 › 竞速）：竞速编号和对手的运行</translation>
    </message>
    <message>
        <source>Time from Start to the end, pauses excluded: includes the animation at slow speeds (the Elapsed counter)</source>
        <translation>从开始到结束的时间，不含暂停，含慢速时的动画（即“用时”计数）</translation>
    </message>
    <message>
        <source>Double-click a run to bring back its settings and start square</source>
        <extracomment>The race a run was part of, with the other run&apos;s number (empty for a single run). The run&apos;s number (the race column names the other run by it). The first columns, kept in view whatever the table&apos;s width. The Strategy column&apos;s width (px) when every column fits: narrower, the columns after Steps scroll sideways and the strategy takes what the first four leave (at least ``STRATEGY_FLOOR``; its whole text is the cell&apos;s tooltip). Rows read from the history file at once (one query), around the row the table needs. Reads the rows on disk whose ids run from the first to the last given: (id, record, or None for a row that cannot be read). Where it is (-1: a header). Rows on disk that turned out unreadable when first read (they stay in the file). A record, the id of a row on disk not read yet, or None: unreadable, to drop. Rows&apos; texts, made when first drawn, by the record&apos;s identity. This session&apos;s raced runs, by race (the Race column names the other run). The run the user picked (a click, the keys), or the newest one added; None when the history is emptied. The comparison follows it.</extracomment>
        <translation>双击一次运行，恢复它的设置和起点</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Puzzle</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>棋盘</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>起点</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>前进</translation>
    </message>
    <message>
        <source>Backtracks</source>
        <translation>回退</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Solutions</source>
        <translation>解数</translation>
    </message>
    <message>
        <source>Tree explored</source>
        <translation>已探索的树</translation>
    </message>
    <message>
        <source>Search time</source>
        <translation>搜索用时</translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation>总用时</translation>
    </message>
    <message>
        <source>Race</source>
        <translation>竞速</translation>
    </message>
    <message>
        <source>Clear history</source>
        <translation>清空运行记录</translation>
    </message>
    <message numerus="yes">
        <source>Remove all {0} runs from the history? This cannot be undone.</source>
        <translation>
            <numerusform>从运行记录中删除全部 {0} 次运行？此操作无法撤销。</numerusform>
        </translation>
    </message>
    <message>
        <source>Of a whole tree of about {0} steps (Knuth&apos;s estimate)</source>
        <translation>整棵树约 {0} 步（Knuth 估计）</translation>
    </message>
    <message>
        <source>{0} · your turn {1}/{2}</source>
        <translation>{0} · 轮到你 {1}/{2}</translation>
    </message>
    <message>
        <source>Your turn: {0} of {1} right, best run {2} in a row.</source>
        <translation>轮到你：{1} 次中猜对 {0} 次，最长连对 {2} 次。</translation>
    </message>
    <message>
        <source>race {0}</source>
        <translation>竞速 {0}</translation>
    </message>
    <message>
        <source>race {0}, with #{1}</source>
        <translation>竞速 {0}，对手 #{1}</translation>
    </message>
</context>
<context>
    <name>Job</name>
    <message>
        <source>A background thread did not stop within {0} s.</source>
        <extracomment>How long a join may take before it is reported as failed (ms). How much nicer than the window&apos;s thread background work runs (Linux: a thread&apos;s own nice value, 0 to 19). (job id): ``work`` has returned (its job then joins the thread at once). Set by the job when it starts this worker; every signal should carry it. Set once ``run`` has returned (after the worker&apos;s last signal). A thread did not stop in time (a sentence for the status bar). Threads that did not stop in time: kept alive so Qt never destroys them running.</extracomment>
        <translation>后台线程未在 {0} 秒内停止。</translation>
    </message>
</context>
<context>
    <name>KnightConstruct</name>
    <message>
        <source>Construct makes closed tours, and {0} has none: both its sides are odd.</source>
        <translation>构造法只造闭合周游，而 {0} 没有闭合周游：它的两边都是奇数。</translation>
    </message>
    <message>
        <source>Construct needs both sides at least 5: not on {0}.</source>
        <translation>构造法要求两边都至少为 5：{0} 不行。</translation>
    </message>
    <message>
        <source>Construction (Parberry)</source>
        <translation>构造法（Parberry）</translation>
    </message>
    <message>
        <source>construction (Parberry), no search</source>
        <translation>构造法（Parberry），不搜索</translation>
    </message>
    <message>
        <source>Closed tour from {0}, without search: a stored tour of this base board; no move was tried and taken back.</source>
        <translation>从 {0} 出发的闭合周游，没有搜索：这是该基础棋盘存好的周游；没有尝试过再撤回的走法。</translation>
    </message>
    <message>
        <source>Closed tour built from {0} without search: {1} stored block tours in a grid, joined two at a time ({2} joins); no move was tried and taken back.</source>
        <translation>从 {0} 出发、不经搜索造出的闭合周游：网格中 {1} 个存好的分块周游，每次两个连接在一起（共 {2} 次连接）；没有尝试过再撤回的走法。</translation>
    </message>
    <message>
        <source>Closed tour built from {0} without search: {1} stored block tours, joined four at a time ({2} joins); no move was tried and taken back.</source>
        <translation>从 {0} 出发、不经搜索造出的闭合周游：{1} 个存好的分块周游，每次四个连接在一起（共 {2} 次连接）；没有尝试过再撤回的走法。</translation>
    </message>
    <message>
        <source>Construction step {0} of {1}</source>
        <translation>构造第 {0} 步，共 {1} 步</translation>
    </message>
    <message>
        <source>{0}: nothing is searched; the board is cut into {1} blocks.</source>
        <translation>{0}：不做任何搜索；棋盘被切成 {1} 块。</translation>
    </message>
    <message>
        <source>{0}: block {1} of {2}, a stored {3} tour from {4}.</source>
        <translation>{0}：第 {1} 块（共 {2} 块），从 {4} 起的一个存好的 {3} 周游。</translation>
    </message>
    <message>
        <source>{0}: one closed tour of all {1} squares.</source>
        <translation>{0}：一条走遍全部 {1} 格的闭合周游。</translation>
    </message>
    <message>
        <source>{0}: join at {1}: two moves cut (red), two added (green), two tours become one.</source>
        <translation>{0}：在 {1} 处连接：剪断两步（红色），加上两步（绿色），两条周游合成一条。</translation>
    </message>
    <message>
        <source>{0}: join at {1}: four moves cut (red), four added (green), four tours become one.</source>
        <translation>{0}：在 {1} 处连接：剪断四步（红色），加上四步（绿色），四条周游合成一条。</translation>
    </message>
</context>
<context>
    <name>KnightPuzzle</name>
    <message>
        <source>Knight&apos;s tour</source>
        <translation>骑士周游</translation>
    </message>
    <message>
        <source>Matrix as the tutorial&apos;s C/C++ program prints it</source>
        <translation>教程 C/C++ 程序输出的矩阵</translation>
    </message>
    <message>
        <source>Matrix as the tutorial&apos;s Python3/Java/C# programs print it</source>
        <translation>教程 Python3/Java/C# 程序输出的矩阵</translation>
    </message>
    <message>
        <source>Matrix as the tutorial&apos;s text shows it</source>
        <translation>教程正文中的矩阵</translation>
    </message>
    <message>
        <source>Square numbers on one line (the batch program&apos;s line)</source>
        <translation>一行格子编号（批处理程序的输出行）</translation>
    </message>
    <message>
        <source>Square names on one line</source>
        <translation>一行格子名称</translation>
    </message>
    <message>
        <source>JSON, as knightviz solve prints it</source>
        <translation>JSON，与 knightviz solve 的输出相同</translation>
    </message>
    <message>
        <source>Plain backtracking</source>
        <translation>普通回溯</translation>
    </message>
    <message>
        <source>Warnsdorff&apos;s rule</source>
        <translation>Warnsdorff 规则</translation>
    </message>
    <message>
        <source>Warnsdorff&apos;s rule without backtracking</source>
        <translation>不回溯的 Warnsdorff 规则</translation>
    </message>
    <message>
        <source>{0} (closed tour)</source>
        <translation>{0}（闭合周游）</translation>
    </message>
    <message>
        <source>{0} from {1}</source>
        <translation>从 {1} 出发的{0}</translation>
    </message>
    <message>
        <source>plain backtracking</source>
        <translation>普通回溯</translation>
    </message>
    <message>
        <source>plain</source>
        <translation>固定顺序</translation>
    </message>
    <message>
        <source>Warnsdorff (ties: first)</source>
        <translation>Warnsdorff（并列取先）</translation>
    </message>
    <message>
        <source>Warnsdorff (ties: last)</source>
        <translation>Warnsdorff（并列取后）</translation>
    </message>
    <message>
        <source>Warnsdorff (ties: Roth)</source>
        <translation>Warnsdorff（并列按 Roth）</translation>
    </message>
    <message>
        <source>Warnsdorff (ties: random, seed {0})</source>
        <translation>Warnsdorff（并列随机，种子 {0}）</translation>
    </message>
    <message>
        <source>backtracking</source>
        <translation>回溯</translation>
    </message>
    <message>
        <source>no backtracking</source>
        <translation>不回溯</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>闭合</translation>
    </message>
    <message>
        <source>open</source>
        <translation>开放</translation>
    </message>
    <message numerus="yes">
        <source>{0} squares removed</source>
        <translation>
            <numerusform>移除了 {0} 格</numerusform>
        </translation>
    </message>
    <message>
        <source>no tour</source>
        <translation>无周游</translation>
    </message>
    <message>
        <source>Your turn: which square does the knight try next? Click it, or press B if it goes back.</source>
        <translation>轮到你：马下一步会试哪一格？点击那一格；如果它要回退，按 B。</translation>
    </message>
    <message>
        <source>{0} − {1}</source>
        <translation>{0} 减 {1} 格</translation>
    </message>
    <message>
        <source>Hint: onward moves {0}.</source>
        <translation>提示：各候选格的后续走法数 {0}。</translation>
    </message>
    <message>
        <source>{0} and {1} both have the fewest onward moves ({2})</source>
        <translation>{0} 和 {1} 的出口数并列最少（{2}）</translation>
    </message>
    <message>
        <source>{0} and {1} all have the fewest onward moves ({2})</source>
        <translation>{0} 和 {1} 的出口数并列最少（{2}）</translation>
    </message>
    <message>
        <source>, </source>
        <extracomment>between the names of squares in a list</extracomment>
        <translation>、</translation>
    </message>
    <message>
        <source>last in order</source>
        <translation>按顺序取最后一个</translation>
    </message>
    <message>
        <source>farthest from centre (Roth)</source>
        <translation>离中心最远（Roth）</translation>
    </message>
    <message>
        <source>random, seed {0}</source>
        <translation>随机，种子 {0}</translation>
    </message>
    <message>
        <source>first in order</source>
        <translation>按顺序取第一个</translation>
    </message>
    <message>
        <source>square = {0}   move = {1}   candidate {2} of {3}</source>
        <translation>square = {0}   move = {1}   候选 {2}/{3}</translation>
    </message>
</context>
<context>
    <name>KnightSettingsWidget</name>
    <message>
        <source>Warnsdorff&apos;s rule</source>
        <translation>Warnsdorff 规则</translation>
    </message>
    <message>
        <source>On: at every square, try first the move with the fewest onward moves (fewest exits first).
Off: plain backtracking, trying the eight moves in the classic fixed order.</source>
        <translation>开：在每一格先试后续走法最少的那一步（最少出口优先）。
关：普通回溯，按经典固定顺序依次尝试八种走法。</translation>
    </message>
    <message>
        <source>first in order</source>
        <translation>按顺序取第一个</translation>
    </message>
    <message>
        <source>last in order</source>
        <translation>按顺序取最后一个</translation>
    </message>
    <message>
        <source>farthest from centre (Roth)</source>
        <translation>离中心最远（Roth）</translation>
    </message>
    <message>
        <source>random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>Which candidate Warnsdorff&apos;s rule takes when several have the same degree</source>
        <translation>几个候选出口数相同时，Warnsdorff 规则选哪一个</translation>
    </message>
    <message>
        <source>Random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Seed of the random tie-break: the same seed, the same tour</source>
        <translation>随机取舍的种子：种子相同，周游也相同</translation>
    </message>
    <message>
        <source>New seed</source>
        <translation>换种子</translation>
    </message>
    <message>
        <source>Pick another random seed</source>
        <translation>随机换一个种子</translation>
    </message>
    <message>
        <source>Backtracking</source>
        <translation>回溯</translation>
    </message>
    <message>
        <source>Off: a greedy walk that stops at the first dead end</source>
        <translation>关：贪心行走，遇到第一个死路就停</translation>
    </message>
    <message>
        <source>Closed tour</source>
        <translation>闭合周游</translation>
    </message>
    <message>
        <source>Closed tour: the last square must be a knight&apos;s move from the start</source>
        <translation>闭合周游：最后一格必须与起点相差一个马步</translation>
    </message>
    <message>
        <source>Knight (1, 2)</source>
        <extracomment>Removed squares as (row, col): kept through a change of size (those still inside).</extracomment>
        <translation>马 (1, 2)</translation>
    </message>
    <message>
        <source>Camel (1, 3)</source>
        <translation>骆驼 (1, 3)</translation>
    </message>
    <message>
        <source>Zebra (2, 3)</source>
        <translation>斑马 (2, 3)</translation>
    </message>
    <message>
        <source>Giraffe (1, 4)</source>
        <translation>长颈鹿 (1, 4)</translation>
    </message>
    <message>
        <source>Custom (a, b)</source>
        <translation>自定义 (a, b)</translation>
    </message>
    <message>
        <source>The piece that tours the board: an (a, b)-leaper jumps a squares one way and b the other (the knight is (1, 2))</source>
        <translation>周游棋盘的棋子：(a, b) 跳子沿一个方向跳 a 格、另一个方向跳 b 格（马是 (1, 2)）</translation>
    </message>
    <message>
        <source>Leaper&apos;s first step</source>
        <translation>跳子的第一步长</translation>
    </message>
    <message>
        <source>Leaper&apos;s second step</source>
        <translation>跳子的第二步长</translation>
    </message>
    <message>
        <source>Squares the leaper jumps one way (1 to 7)</source>
        <translation>跳子沿一个方向跳的格数（1 到 7）</translation>
    </message>
    <message>
        <source>Squares it jumps the other way (at least a, at most 7)</source>
        <translation>沿另一个方向跳的格数（至少 a，至多 7）</translation>
    </message>
    <message>
        <source>Piece</source>
        <translation>棋子</translation>
    </message>
    <message>
        <source>Tie-break</source>
        <translation>并列取舍</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Your own strategy orders the moves (the editor&apos;s text when you press Start), and the search backtracks.</source>
        <translation>由你自己的策略决定走法顺序（按下“开始”时编辑器里的代码），搜索会回溯。</translation>
    </message>
    <message>
        <source>Construction: stored block tours joined at their corners, no search.</source>
        <translation>构造法：把存好的分块周游在角上连接起来，不做搜索。</translation>
    </message>
    <message>
        <source>Fewest exits first: the move with fewest onward moves.</source>
        <translation>最少出口优先：先走后续走法最少的一步。</translation>
    </message>
    <message>
        <source>Off: plain backtracking in the classic fixed order.</source>
        <translation>关：按经典固定顺序的普通回溯。</translation>
    </message>
</context>
<context>
    <name>KnightWords</name>
    <message>
        <source>The start square {0} is removed from the board.</source>
        <translation>起始格 {0} 已从棋盘上移除。</translation>
    </message>
    <message>
        <source>Construct builds knight&apos;s tours of full boards: this board has removed squares or another piece. Choose plain backtracking or Warnsdorff&apos;s rule.</source>
        <translation>“构造”只为完整棋盘上的马构造周游：这个棋盘去掉了格子或换了棋子。请选择普通回溯或 Warnsdorff 规则。</translation>
    </message>
    <message>
        <source>No closed tour exists on a {0} board: it has an odd number of squares, and a knight alternates colours, so it cannot return to its start.</source>
        <translation>{0} 棋盘上不存在闭合周游：格数为奇数，而马每走一步都换一次颜色，所以回不到起点。</translation>
    </message>
    <message>
        <source>No closed tour exists on a {0} board (Schwenk&apos;s theorem).</source>
        <translation>{0} 棋盘上不存在闭合周游（Schwenk 定理）。</translation>
    </message>
    <message>
        <source>No knight&apos;s tour exists on a {0} board from any square.</source>
        <translation>{0} 棋盘上从任何一格出发都不存在骑士周游。</translation>
    </message>
    <message>
        <source>No tour can start on {0}: this board has an odd number of squares, so a tour must start and end on the corners&apos; colour, and {0} is the other colour.</source>
        <translation>周游不能从 {0} 出发：此棋盘格数为奇数，周游必须在与角格同色的格子上开始和结束，而 {0} 是另一种颜色。</translation>
    </message>
    <message>
        <source>No knight&apos;s tour on a {0} board starts on {1}.</source>
        <translation>{0} 棋盘上没有从 {1} 出发的骑士周游。</translation>
    </message>
    <message>
        <source>{0} and {1} more</source>
        <translation>{0} 等另外 {1} 格</translation>
    </message>
    <message>
        <source>No tour: each move of a {0} changes row + column by {1} + {2} = {3}, an even number, so it never leaves its colour; from {4} it cannot reach {5}.</source>
        <translation>不存在周游：{0}每走一步，行与列共变化 {1} + {2} = {3}，是偶数，因此它永远离不开自己的颜色；从 {4} 出发到不了 {5}。</translation>
    </message>
    <message>
        <source>No tour: a {0} moves by multiples of {1} (the greatest common divisor of {2} and {3}), so it reaches only a sub-lattice; from {4} it cannot reach {5}.</source>
        <translation>不存在周游：{0}每步移动的格数都是 {1}（{2} 与 {3} 的最大公约数）的倍数，因此只能到达一个子格点；从 {4} 出发到不了 {5}。</translation>
    </message>
    <message>
        <source>No tour: {0} has no move at all on this board.</source>
        <translation>不存在周游：{0} 在这个棋盘上一步都走不了。</translation>
    </message>
    <message>
        <source>No tour: the moves fall apart into {0} pieces; from {1} the {2} cannot reach {3}.</source>
        <translation>不存在周游：走法图分裂成 {0} 块；从 {1} 出发，{2}到不了 {3}。</translation>
    </message>
    <message>
        <source>No tour: a {0} alternates colours, so a tour&apos;s colours differ by at most one, but this board has {1} squares of one colour and {2} of the other.</source>
        <translation>不存在周游：{0}每步都换颜色，所以周游中两种颜色的格数最多相差一，但这个棋盘一种颜色有 {1} 格，另一种有 {2} 格。</translation>
    </message>
    <message>
        <source>No tour can start on {0}: the {1} alternates colours and this board has one square more of the other colour ({2} to {3}), so a tour must start and end on that colour.</source>
        <translation>周游不能从 {0} 开始：{1}每步都换颜色，而这个棋盘另一种颜色多一格（{2} 比 {3}），所以周游必须在那种颜色上开始和结束。</translation>
    </message>
    <message>
        <source>No closed tour: a {0} alternates colours, so a closed tour needs as many squares of each colour, but this board has {1} and {2}.</source>
        <translation>不存在闭合周游：{0}每步都换颜色，闭合周游需要两种颜色的格数相等，但这个棋盘分别有 {1} 格和 {2} 格。</translation>
    </message>
    <message>
        <source>No tour: {0} squares ({1}) have one move each, and each can only be an end of the tour, which has two.</source>
        <translation>不存在周游：有 {0} 个格子（{1}）各只有一种走法，每个都只能是周游的端点，而周游只有两个端点。</translation>
    </message>
    <message>
        <source>No tour can start on {0}: {1} have one move each, so they must be the tour&apos;s two ends.</source>
        <translation>周游不能从 {0} 开始：{1} 各只有一种走法，所以它们必须是周游的两个端点。</translation>
    </message>
    <message>
        <source>No closed tour: {0} has only one move, and a closed tour enters and leaves every square.</source>
        <translation>不存在闭合周游：{0} 只有一种走法，而闭合周游要进出每一个格子。</translation>
    </message>
    <message>
        <source>knight</source>
        <translation>马</translation>
    </message>
    <message>
        <source>camel</source>
        <translation>骆驼</translation>
    </message>
    <message>
        <source>zebra</source>
        <translation>斑马</translation>
    </message>
    <message>
        <source>giraffe</source>
        <translation>长颈鹿</translation>
    </message>
    <message>
        <source>({0}, {1})-leaper</source>
        <translation>({0}, {1}) 跳子</translation>
    </message>
    <message>
        <source>{0}, {1}, {2}</source>
        <translation>{0}，{1}，{2}</translation>
    </message>
    <message numerus="yes">
        <source>{0} moves</source>
        <translation>
            <numerusform>前进 {0}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} backtracks</source>
        <translation>
            <numerusform>回退 {0}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} steps</source>
        <translation>
            <numerusform>共 {0} 步</numerusform>
        </translation>
    </message>
    <message>
        <source>Closed tour found from {0}: {1}.</source>
        <translation>从 {0} 找到闭合周游：{1}。</translation>
    </message>
    <message>
        <source>Tour found from {0}: {1}.</source>
        <translation>从 {0} 找到周游：{1}。</translation>
    </message>
    <message>
        <source>Stopped after {0}.</source>
        <translation>已停止：{0}。</translation>
    </message>
    <message>
        <source>Stopped at the step limit: {0}.</source>
        <translation>达到步数上限而停止：{0}。</translation>
    </message>
    <message>
        <source>The greedy walk got stuck on {0} after {1} of {2} squares, with no backtracking allowed.</source>
        <translation>贪心行走走了 {2} 格中的 {1} 格后困在 {0}，且不允许回溯。</translation>
    </message>
    <message>
        <source>closed tour</source>
        <translation>闭合周游</translation>
    </message>
    <message>
        <source>tour</source>
        <translation>周游</translation>
    </message>
    <message>
        <source>No {0} from {1} on a {2} board: the search tried every possibility ({3}).</source>
        <translation>{2} 棋盘上从 {1} 出发没有{0}：搜索已尝试所有可能（{3}）。</translation>
    </message>
    <message>
        <source>The board shows the deepest position it reached: {0} of {1} squares.</source>
        <translation>棋盘显示搜索到达的最深局面：{1} 格中的 {0} 格。</translation>
    </message>
    <message>
        <source>Tour complete: all {0} squares visited.</source>
        <translation>周游完成：{0} 格全部走过。</translation>
    </message>
    <message>
        <source>From {0}, the move ({1:+d}, {2:+d}) leaves the board or lands on a removed square: skip it.</source>
        <translation>从 {0} 出发，走法 ({1:+d}, {2:+d}) 走出棋盘或落在已移除的格子上：跳过。</translation>
    </message>
    <message>
        <source>From {0}, the move ({1:+d}, {2:+d}) leaves the board: skip it.</source>
        <translation>从 {0} 走 ({1:+d}, {2:+d}) 会出界：跳过。</translation>
    </message>
    <message>
        <source>From {0}, {1} is already on the path: skip it.</source>
        <translation>从 {0} 出发，{1} 已在路径上：跳过。</translation>
    </message>
    <message numerus="yes">
        <source>{0} could go on to {1} unvisited squares (its onward degree).</source>
        <translation>
            <numerusform>{0} 之后还能走到 {1} 个未访问的格子（它的出口数）。</numerusform>
        </translation>
    </message>
    <message>
        <source>{0} candidates share the fewest onward moves: the tie-break takes {1}.</source>
        <translation>{0} 个候选的出口数并列最少：按并列取舍选 {1}。</translation>
    </message>
    <message numerus="yes">
        <source>The knight stands on {0} after {1} moves.</source>
        <translation>
            <numerusform>走了 {1} 步后，马停在 {0}。</numerusform>
        </translation>
    </message>
    <message>
        <source>Move {0}: {1} → {2}, the candidate with the fewest onward moves ({3}).</source>
        <translation>第 {0} 步：{1} → {2}，出口最少（{3}）的候选。</translation>
    </message>
    <message>
        <source>Move {0}: {1} → {2}, the first free square in the fixed order.</source>
        <translation>第 {0} 步：{1} → {2}，按固定顺序的第一个空格。</translation>
    </message>
    <message numerus="yes">
        <source>{0} is a dead end: all {1} of its moves lead to visited squares or off the board. Back to {2}.</source>
        <translation>
            <numerusform>{0} 是死路：它的 {1} 种走法都通向已访问的格子或棋盘外。回退到 {2}。</numerusform>
        </translation>
    </message>
    <message>
        <source>Every way on from {0} has been tried: back to {1}.</source>
        <translation>从 {0} 往下的每条路都已试过：回退到 {1}。</translation>
    </message>
    <message>
        <source>More than {0} steps so far for a board of {1} squares.</source>
        <translation>对 {1} 格的棋盘，已经走了超过 {0} 步。</translation>
    </message>
    <message>
        <source>That is only about {0} of the whole search tree (the gauge under the board).</source>
        <translation>这只是整棵搜索树的约 {0}（见棋盘下方的刻度条）。</translation>
    </message>
    <message>
        <source>Plain backtracking can need millions or billions of steps (8×8 from a8: 16.5 million). Warnsdorff&apos;s rule usually needs only {0}: turn it on and start again.</source>
        <translation>普通回溯可能需要数百万甚至数十亿步（8×8 从 a8 出发：1650 万步）。Warnsdorff 规则通常只需 {0} 步：打开它重新开始。</translation>
    </message>
    <message>
        <source>Warnsdorff&apos;s rule usually needs only {0}: turn it on and start again.</source>
        <translation>Warnsdorff 规则通常只需 {0} 步：打开它重新开始。</translation>
    </message>
    <message>
        <source>Plain backtracking can need millions or billions of steps (8×8 from a8: 16.5 million). Warnsdorff&apos;s rule usually needs only {0}: turn it on and start again, or set the speed to unlimited.</source>
        <translation>普通回溯可能需要数百万甚至数十亿步（8×8 从 a8 出发：1650 万步）。Warnsdorff 规则通常只需 {0} 步：打开它重新开始，或把速度调到不限。</translation>
    </message>
    <message>
        <source>Warnsdorff&apos;s rule usually needs only {0}: turn it on and start again, or set the speed to unlimited.</source>
        <translation>Warnsdorff 规则通常只需 {0} 步：打开它重新开始，或把速度调到不限。</translation>
    </message>
    <message>
        <source>Warnsdorff&apos;s rule is backtracking far more than usual: its ties lead it astray here. The tie-break “farthest from centre (Roth)” usually needs no backtracking at all.</source>
        <translation>Warnsdorff 规则在这里的回溯远多于平常：出口数并列把它引入了歧途。并列取舍选“离中心最远（Roth）”通常完全不需要回溯。</translation>
    </message>
    <message>
        <source>The tie-break “farthest from centre (Roth)” usually needs no backtracking at all.</source>
        <translation>并列取舍选“离中心最远（Roth）”通常完全不需要回溯。</translation>
    </message>
    <message>
        <source>Even Roth&apos;s tie-break is stuck here: try another start square or another tie-break.</source>
        <translation>连 Roth 的并列取舍在这里也卡住了：换一个起点或另一种并列取舍试试。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>knightviz — watch backtracking search think</source>
        <extracomment>How often runs kept waiting by a locked history file are tried again (ms). How often the comparison says how far a racer still searching has got (the race&apos;s own counters show every step; the comparison&apos;s words need not be set at the screen&apos;s rate). The start-square map ended: True when every square is mapped, False when cancelled. The application&apos;s languages (View, Language); the window&apos;s own when not given. The language the window&apos;s texts are in now (they follow ``translations``).</extracomment>
        <translation>knightviz — 看回溯搜索如何思考</translation>
    </message>
    <message>
        <source>The runs that waited were saved to the history.</source>
        <translation>等待保存的运行已写入历史。</translation>
    </message>
    <message>
        <source>Constraints</source>
        <translation>约束</translation>
    </message>
    <message>
        <source>Solutions</source>
        <translation>解答</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <source>Search stack</source>
        <translation>搜索栈</translation>
    </message>
    <message>
        <source>Steps chart</source>
        <translation>步数图表</translation>
    </message>
    <message>
        <source>Search tree</source>
        <translation>搜索树</translation>
    </message>
    <message>
        <source>Settings reset to the defaults.</source>
        <translation>设置已恢复默认。</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <extracomment>Every run&apos;s recording, under one memory budget (Run, Recording memory…). The single run&apos;s view; the race has two more (``race.views``). What the window comes back to after a race (None: no race on). The columns, docks and status bar&apos;s widgets (``window_layout``). The learner&apos;s own strategy: its editor dock, and what Start takes from it.</extracomment>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Runs</source>
        <extracomment>Largest default window; smaller screens get the window maximized. A window at least this wide has the Algorithm above the Search stack (else as tabs). The results column (counters and history): its first-launch share of the window&apos;s width, and the least it gets (the history&apos;s puzzle, strategy, outcome and steps fit). The explanatory panels&apos; first width (the Algorithm&apos;s lines and their comments). The least board column beside the explanatory panels and the history: on a narrower window the history moves into a tab beside the Search stack. The single run&apos;s board and panels, or the race&apos;s two boards. The window&apos;s central widget: the splitter in its margins. Board | controls and the comparison | counters and the history. The single run&apos;s counters, at the top of the results column. Where the history goes while the explanatory panels take the room. The single run&apos;s tree, or in a race the two racers&apos; trees side by side. The Algorithm panel (its font sets the code dock&apos;s height). A dock opened or closed: the columns make room, or take it back, a turn later. Docks beyond the explanatory ones that take their room from the columns as they do (the editor of one&apos;s own strategy): ``take_room`` adds one.</extracomment>
        <translation>运行记录</translation>
    </message>
    <message>
        <source>No translations for {0}.</source>
        <translation>没有 {0} 的翻译。</translation>
    </message>
</context>
<context>
    <name>OwnStrategy</name>
    <message>
        <source>Your strategy returned fewer candidates than it was given at least once: the search may have missed solutions.</source>
        <extracomment>Warnsdorff&apos;s onward degree (or None). The chips of a level: (depth, level) -&gt; chips. The row&apos;s first column: (depth, level) -&gt; text (contains the square&apos;s name). The widest first column this stack can need (in the current language), or &quot;&quot;. The level choices (two or more), in the order the tie-break speaks of. What they share, as a clause (&quot;b6 and c7 both have the fewest onward moves (5)&quot;), and the tie-break&apos;s name as the strategy&apos;s controls call it (&quot;first in order&quot;): worded when called, in the language of the verdict (it may differ from the question&apos;s).</extracomment>
        <translation>你的策略至少有一次返回的候选少于给它的候选：搜索可能漏掉了解。</translation>
    </message>
    <message>
        <source> at step {0}</source>
        <translation>（第 {0} 步）</translation>
    </message>
    <message>
        <source> in line {0}</source>
        <translation>（第 {0} 行）</translation>
    </message>
    <message>
        <source>Your strategy raised {0}{1}{2}.</source>
        <translation>你的策略抛出了 {0}{1}{2}。</translation>
    </message>
    <message>
        <source>{0}() ran for over {1} s{2} (an endless loop?): the run was stopped.</source>
        <translation>{0}() 运行超过 {1} 秒{2}（死循环？）：运行已停止。</translation>
    </message>
    <message>
        <source>Your strategy stopped answering for over {0} s: the run was stopped.</source>
        <translation>你的策略超过 {0} 秒没有回应：运行已停止。</translation>
    </message>
    <message>
        <source>Your strategy used over {0} MB of memory{1}: the run was stopped.</source>
        <translation>你的策略使用了超过 {0} MB 内存{1}：运行已停止。</translation>
    </message>
    <message>
        <source>{0}() must return a list, not {1} {2}{3}.</source>
        <translation>{0}() 必须返回列表，而不是 {1} {2}{3}。</translation>
    </message>
    <message>
        <source>{0}() returned {1} twice{2}.</source>
        <translation>{0}() 两次返回了 {1}{2}。</translation>
    </message>
    <message>
        <source>{0}() returned {1}, which is not one of its candidates{2}.</source>
        <translation>{0}() 返回了 {1}，它不是候选之一{2}。</translation>
    </message>
    <message>
        <source>Syntax error{0}: {1}.</source>
        <translation>语法错误{0}：{1}。</translation>
    </message>
    <message>
        <source>The strategy defines none of the functions the search calls: {0}.</source>
        <translation>策略没有定义搜索要调用的任何函数：{0}。</translation>
    </message>
    <message>
        <source>The process running your strategy stopped unexpectedly (exit code {0}){1}.</source>
        <translation>运行你的策略的进程意外停止（退出码 {0}）{1}。</translation>
    </message>
    <message>
        <source>Your own strategy…</source>
        <extracomment>The optional panels a puzzle may show (the window&apos;s docks). The board&apos;s holes and leaper (a full board and the default piece unless set). The settings fields of a learner&apos;s own strategy, every puzzle&apos;s: chosen (``own``), and its text and name, taken from the editor when Start is pressed. &quot;Your own…&quot; (``own_choice``), where the puzzle&apos;s widget offers it.</extracomment>
        <translation>你自己的策略…</translation>
    </message>
    <message>
        <source>Write the order in which the search tries its candidates, in Python, in the Your strategy panel. Start runs what the editor holds then.</source>
        <translation>在“你的策略”面板中用 Python 写出搜索尝试候选的顺序。按“开始”时运行编辑器里当时的代码。</translation>
    </message>
    <message>
        <source>File…</source>
        <translation>文件…</translation>
    </message>
    <message>
        <source>This racer runs a strategy file of its own, not the editor&apos;s</source>
        <translation>这位选手运行它自己的策略文件，而不是编辑器中的策略</translation>
    </message>
    <message>
        <source>Open strategy</source>
        <extracomment>The racer&apos;s own file was chosen: Start keeps it (not the editor&apos;s text).</extracomment>
        <translation>打开策略</translation>
    </message>
    <message>
        <source>Python files (*.py)</source>
        <translation>Python 文件 (*.py)</translation>
    </message>
    <message>
        <source>your strategy</source>
        <extracomment>The presenter methods whose answer explains a built-in rule: a run of the learner&apos;s own strategy has none to explain (no tree to draw or estimate, no next move to guess), and is named by its file. ``__init_subclass__`` puts ``_own_answer`` in front of each presenter&apos;s own definition, so no presenter has to remember it.</extracomment>
        <translation>自编的策略</translation>
    </message>
    <message>
        <source>{0} tried {1}.</source>
        <translation>{0} 尝试了 {1}。</translation>
    </message>
    <message>
        <source>{0} took {1} back.</source>
        <translation>{0} 撤回了 {1}。</translation>
    </message>
</context>
<context>
    <name>OwnStrategyDesk</name>
    <message>
        <source>Your strategy</source>
        <extracomment>A sentence for the status bar (a refusal to start, a failure).
----------
The strategy text of a run brought back (asked about before it runs again). Answer for the question before a saved strategy runs (tests set it).</extracomment>
        <translation>自编策略</translation>
    </message>
    <message>
        <source>The editor is empty: write a strategy, or open one.</source>
        <translation>编辑器是空的：写一个策略，或打开一个。</translation>
    </message>
    <message>
        <source>Run a saved strategy?</source>
        <translation>运行保存的策略吗？</translation>
    </message>
    <message>
        <source>This run was made with a strategy saved with it, not the one in the editor. Running it again executes its Python code on this computer (in a separate process). Run it?</source>
        <translation>这次运行使用的是随它保存的策略，而不是编辑器中的策略。再次运行会在这台电脑上执行它的 Python 代码（在单独的进程中）。要运行吗？</translation>
    </message>
</context>
<context>
    <name>PredictMenu</name>
    <message>
        <source>Your &amp;turn</source>
        <translation>轮到你(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Predict each step</source>
        <translation>预测每一步(&amp;P)</translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation>轮到你</translation>
    </message>
    <message>
        <source>Before each decision the search waits for your guess: click the square it tries next, or press B if it goes back</source>
        <translation>每次决策前搜索都会等你猜：点击它下一步要试的格子，如果它要回退就按 B</translation>
    </message>
    <message>
        <source>Ask at &amp;every decision</source>
        <translation>每次决策都问(&amp;E)</translation>
    </message>
    <message>
        <source>Wait for a guess before every move and every backtrack</source>
        <translation>每次前进和每次回退之前都等你猜</translation>
    </message>
    <message>
        <source>Ask only before &amp;backtracks</source>
        <translation>只在回退前问(&amp;B)</translation>
    </message>
    <message>
        <source>Wait only when the search is about to go back; the moves between play</source>
        <translation>只在搜索即将回退时等你猜；其间的前进照常播放</translation>
    </message>
    <message>
        <source>Ask at one decision in &amp;5</source>
        <translation>每 5 次决策问一次(&amp;5)</translation>
    </message>
    <message>
        <source>Wait at every fifth decision; the others play at the run&apos;s speed</source>
        <translation>每五次决策等你猜一次；其余按运行速度播放</translation>
    </message>
    <message>
        <source>Mark the choices after a wrong &amp;guess (a second try)</source>
        <translation>猜错后标出可选格（再猜一次）(&amp;G)</translation>
    </message>
    <message>
        <source>A wrong first guess gets a second try, the choices left outlined</source>
        <translation>第一次猜错可以再猜一次，并标出剩下的可选格</translation>
    </message>
    <message>
        <source>Mark the choices &amp;at once</source>
        <translation>立即标出可选格(&amp;A)</translation>
    </message>
    <message>
        <source>Outline the squares the search may still choose as soon as it waits</source>
        <translation>一开始等待就标出搜索还可能选择的格子</translation>
    </message>
    <message>
        <source>&amp;Never mark the choices</source>
        <translation>从不标出可选格(&amp;N)</translation>
    </message>
    <message>
        <source>No outlines: one guess for each decision</source>
        <translation>不标出格子：每次决策只能猜一次</translation>
    </message>
    <message>
        <source>&amp;Hint: the choices&apos; onward moves</source>
        <translation>提示：可选格的后续走法数(&amp;H)</translation>
    </message>
    <message>
        <source>Mark the choices and give their figures (a knight&apos;s onward moves)</source>
        <translation>标出可选格并给出它们的数字（马的后续走法数）</translation>
    </message>
</context>
<context>
    <name>Predictor</name>
    <message>
        <source>Not {0}. Try again: the marked squares are the choices the search has left here (or B for back).</source>
        <extracomment>The learner&apos;s answer &quot;the search goes back&quot;. Marks on the board: the squares the learner may still choose from, and a wrong guess. The choices the rule ranks level with ``expected`` (any is right), or None. The question, the feedback or the score changed. Advancing from decision to decision (False: paused by the learner, or idle). The last answer&apos;s verdict and why, in words (&quot;&quot; before the first). Verdicts given so far (a test waits on it). The question answered, until the step it asked about is taken. The examinations shown when a step was asked for (the list and its length): one more without a new position is an examination (paced steps walk through them), so step again; nothing else (a preview of the next event) asks for a step.</extracomment>
        <translation>不是 {0}。再试一次：标出的格子是搜索在这里还剩下的选择（回退请按 B）。</translation>
    </message>
    <message>
        <source>Your turn: click a square or press B; N takes the step without an answer, Backspace goes back, Space pauses the questions.</source>
        <translation>轮到你：点击一格或按 B；N 不作答直接走这一步，退格键后退，空格键暂停提问。</translation>
    </message>
    <message>
        <source>The search has ended.</source>
        <translation>搜索已结束。</translation>
    </message>
    <message>
        <source>Your turn: press Space (Start) and predict each step of the search.</source>
        <translation>轮到你：按空格键（开始），然后预测搜索的每一步。</translation>
    </message>
    <message>
        <source>No answers yet</source>
        <translation>还没有回答</translation>
    </message>
    <message>
        <source>{0} of {1} right, {2} in a row</source>
        <translation>{1} 次中猜对 {0} 次，连对 {2} 次</translation>
    </message>
    <message>
        <source>Your turn: the next step?</source>
        <translation>轮到你：下一步？</translation>
    </message>
    <message>
        <source>{0}; the tie-break “{1}” takes {2}.</source>
        <translation>{0}；并列取舍“{1}”选 {2}。</translation>
    </message>
    <message>
        <source>✓ Right for the rule: {0}. The tie-break “{1}” takes {2}, not {3}.</source>
        <translation>✓ 按规则算猜对：{0}。并列取舍“{1}”选的是 {2}，不是 {3}。</translation>
    </message>
    <message>
        <source>✓ Right. {0}</source>
        <translation>✓ 猜对了。{0}</translation>
    </message>
    <message>
        <source>✗ It went back, not to {0}. {1}</source>
        <translation>✗ 它回退了，没有走到 {0}。{1}</translation>
    </message>
    <message>
        <source>✗ It went on to {0}, not back. {1}</source>
        <translation>✗ 它走到了 {0}，没有回退。{1}</translation>
    </message>
    <message>
        <source>✗ It was {0}, not {1}. {2}</source>
        <translation>✗ 答案是 {0}，不是 {1}。{2}</translation>
    </message>
    <message>
        <source>back</source>
        <translation>回退</translation>
    </message>
</context>
<context>
    <name>Program</name>
    <message>
        <source>all visited</source>
        <translation>全部走过</translation>
    </message>
    <message>
        <source>fixed order</source>
        <translation>固定顺序</translation>
    </message>
    <message>
        <source>off the board</source>
        <translation>出界</translation>
    </message>
    <message>
        <source>on the path</source>
        <translation>已在路径上</translation>
    </message>
    <message>
        <source>a move</source>
        <translation>前进</translation>
    </message>
    <message>
        <source>a backtrack</source>
        <translation>回退</translation>
    </message>
    <message>
        <source>all tried</source>
        <translation>全部试过</translation>
    </message>
    <message>
        <source>fewest exits</source>
        <translation>最少出口优先</translation>
    </message>
    <message>
        <source>column taken</source>
        <translation>列已被占</translation>
    </message>
    <message>
        <source>x + y taken</source>
        <translation>x + y 已被占</translation>
    </message>
    <message>
        <source>x - y taken</source>
        <translation>x - y 已被占</translation>
    </message>
    <message>
        <source>add 3 IDs</source>
        <translation>加入 3 个 ID</translation>
    </message>
    <message>
        <source>attacked</source>
        <translation>受攻击</translation>
    </message>
    <message>
        <source>back here: a backtrack</source>
        <translation>回到这里：回退</translation>
    </message>
    <message>
        <source>a base board</source>
        <translation>基础棋盘</translation>
    </message>
    <message>
        <source>one move each cut</source>
        <translation>各剪断一步</translation>
    </message>
    <message>
        <source>four moves added</source>
        <translation>加上四步</translation>
    </message>
    <message>
        <source>the piece&apos;s moves</source>
        <translation>棋子的走法</translation>
    </message>
    <message>
        <source>5 to 10</source>
        <translation>边长 5 到 10</translation>
    </message>
    <message>
        <source>two added each</source>
        <translation>各加两步</translation>
    </message>
    <message>
        <source>every cell filled</source>
        <translation>所有格子已填满</translation>
    </message>
    <message>
        <source>a placement</source>
        <translation>放置</translation>
    </message>
    <message>
        <source>a removal</source>
        <translation>撤回</translation>
    </message>
    <message>
        <source>no digit fits</source>
        <translation>没有数字可填</translation>
    </message>
    <message>
        <source>fewest candidates</source>
        <translation>候选最少</translation>
    </message>
    <message>
        <source>first empty</source>
        <translation>第一个空格</translation>
    </message>
    <message>
        <source>forced cells</source>
        <translation>唯一候选格</translation>
    </message>
    <message>
        <source>every constraint met</source>
        <translation>所有约束均满足</translation>
    </message>
    <message>
        <source>fewest rows</source>
        <translation>行数最少</translation>
    </message>
    <message>
        <source>no row fits</source>
        <translation>没有行可选</translation>
    </message>
    <message>
        <source>your strategy</source>
        <translation>你的策略</translation>
    </message>
</context>
<context>
    <name>Puzzle</name>
    <message>
        <source>No start square to map: this puzzle always starts the same way</source>
        <extracomment>The board&apos;s squares can be removed (Edit board). Stable identifier (item data of ``puzzleCombo``, history, saved runs). Where the puzzle selector lists it (smaller first). Largest board side the window offers. Rows and columns always equal. The user places a piece before the run (its start square). The puzzle&apos;s own controls set the board&apos;s size (from its problem): no size boxes. The board takes typing while idle (``key_on_square``): the problem is typed on it.</extracomment>
        <translation>没有可绘制地图的起点：这个谜题总是从同一处开始</translation>
    </message>
    <message>
        <source>solved</source>
        <translation>已解出</translation>
    </message>
    <message>
        <source>no solution</source>
        <translation>无解</translation>
    </message>
    <message>
        <source>step limit</source>
        <translation>步数上限</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>impossible</source>
        <translation>不可能</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>前进</translation>
    </message>
    <message>
        <source>Backtracks</source>
        <translation>回退</translation>
    </message>
    <message>
        <source>Squares covered</source>
        <translation>已走格数</translation>
    </message>
    <message>
        <source>Your turn: what does the search do next? Click a square, or press B.</source>
        <translation>轮到你：搜索下一步做什么？点击一格，或按 B。</translation>
    </message>
    <message>
        <source>Your turn: the next step? Click its square, or press B for back.</source>
        <translation>轮到你：下一步是什么？点击那一格，或按 B 表示回退。</translation>
    </message>
</context>
<context>
    <name>QueensPuzzle</name>
    <message>
        <source>N-Queens</source>
        <translation>N 皇后</translation>
    </message>
    <message>
        <source>The search for every solution</source>
        <translation>搜索全部解</translation>
    </message>
    <message>
        <source>The search for a first solution</source>
        <translation>搜索第一个解</translation>
    </message>
    <message>
        <source>The search for every solution of {0}-queens</source>
        <translation>{0} 皇后全部解的搜索</translation>
    </message>
    <message>
        <source>The search for a first solution of {0}-queens</source>
        <translation>{0} 皇后第一个解的搜索</translation>
    </message>
    <message>
        <source>No start square to map: N-Queens always starts from an empty board</source>
        <translation>没有可绘制地图的起点：N 皇后总是从空棋盘开始</translation>
    </message>
    <message>
        <source>Solutions, one line of squares each (text)</source>
        <translation>所有解，每行一组格子（文本）</translation>
    </message>
    <message>
        <source>The eight-queens article&apos;s lines (text)</source>
        <translation>八皇后文章的输出行（文本）</translation>
    </message>
    <message>
        <source>The article&apos;s boards (text)</source>
        <translation>文章中的棋盘图（文本）</translation>
    </message>
    <message>
        <source>JSON, as knightviz queens prints it</source>
        <translation>JSON，与 knightviz queens 的输出相同</translation>
    </message>
    <message>
        <source>Only the first {0} of {1} solutions were kept: too many to export.</source>
        <translation>解太多，只保留了 {1} 个解中的前 {0} 个。</translation>
    </message>
    <message>
        <source>The article&apos;s program has no first-solution mode: its lines end with the number of all solutions. Find all solutions to export this layout.</source>
        <translation>文章的程序没有“只找第一个解”模式：其输出以全部解的数目结尾。请找出所有解后再导出此格式。</translation>
    </message>
    <message>
        <source>all solutions</source>
        <translation>全部解</translation>
    </message>
    <message>
        <source>first solution</source>
        <translation>第一个解</translation>
    </message>
    <message>
        <source>constraint sets</source>
        <translation>约束集合</translation>
    </message>
    <message>
        <source>bitboards</source>
        <translation>位棋盘</translation>
    </message>
    <message>
        <source>{0}, {1}, {2}</source>
        <translation>{0}，{1}，{2}</translation>
    </message>
    <message numerus="yes">
        <source>{0} placements</source>
        <translation>
            <numerusform>放置 {0}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} removals</source>
        <translation>
            <numerusform>撤回 {0}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} steps</source>
        <translation>
            <numerusform>共 {0} 步</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped after {0}; {1} solutions so far.</source>
        <translation>
            <numerusform>已停止：{0}；目前找到 {1} 个解。</numerusform>
        </translation>
    </message>
    <message>
        <source>First solution on {0}: {1} ({2}).</source>
        <translation>{0} 上的第一个解：{1}（{2}）。</translation>
    </message>
    <message numerus="yes">
        <source>{0} solutions on {1}: {2}.</source>
        <translation>
            <numerusform>{1} 上共 {0} 个解：{2}。</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped at the step limit: {0}.</source>
        <translation>达到步数上限而停止：{0}。</translation>
    </message>
    <message>
        <source>No way to place {0} queens on a {1} board: the search tried every possibility ({2}).</source>
        <translation>{1} 棋盘上放不下 {0} 个皇后：搜索已尝试所有可能（{2}）。</translation>
    </message>
    <message>
        <source>rank {0}</source>
        <translation>第 {0} 行</translation>
    </message>
    <message>
        <source>{0} · filling</source>
        <translation>{0} · 放置中</translation>
    </message>
    <message>
        <source>Your turn: where does the search put the next queen? Click the square, or press B if it takes a queen back.</source>
        <translation>轮到你：搜索把下一个皇后放在哪里？点击那一格；如果它要撤回一个皇后，按 B。</translation>
    </message>
    <message>
        <source>Hint: no free square is left on this rank.</source>
        <translation>提示：这一行已没有空闲的格子。</translation>
    </message>
    <message>
        <source>Hint: free squares left on this rank: {0}.</source>
        <translation>提示：这一行剩下的空闲格子：{0}。</translation>
    </message>
    <message numerus="yes">
        <source>Every possibility tried: {0} solutions.</source>
        <translation>
            <numerusform>所有可能都已尝试：共 {0} 个解。</numerusform>
        </translation>
    </message>
    <message>
        <source>A solution: {0}.</source>
        <translation>一个解：{0}。</translation>
    </message>
    <message>
        <source>its column is taken</source>
        <translation>它所在的列已被占</translation>
    </message>
    <message>
        <source>its diagonal x + y is taken</source>
        <translation>它的对角线 x + y 已被占</translation>
    </message>
    <message>
        <source>its diagonal x − y is taken</source>
        <translation>它的对角线 x − y 已被占</translation>
    </message>
    <message>
        <source>{0} rejected: {1} (queen on {2}).</source>
        <translation>{0} 被排除：{1}（皇后在 {2}）。</translation>
    </message>
    <message>
        <source>Queen {0} on {1}: all {0} placed, a solution.</source>
        <translation>第 {0} 个皇后放在 {1}：{0} 个全部放好，得到一个解。</translation>
    </message>
    <message>
        <source>Queen {0} on {1}: its column and both diagonals are free.</source>
        <translation>第 {0} 个皇后放在 {1}：它的列和两条对角线都没有冲突。</translation>
    </message>
    <message>
        <source>Take back the queen on {0} to look for more solutions.</source>
        <translation>撤回 {0} 上的皇后，继续寻找更多解。</translation>
    </message>
    <message>
        <source>No free file left on rank {0}: take back the queen on {1}.</source>
        <translation>第 {0} 行已没有空列：撤回 {1} 上的皇后。</translation>
    </message>
    <message>
        <source>rank = {0}   file = {1}   queens placed = {2}</source>
        <translation>rank = {0}   file = {1}   已放皇后 {2} 个</translation>
    </message>
    <message>
        <source>Placements</source>
        <translation>放置</translation>
    </message>
    <message>
        <source>Removals</source>
        <translation>撤回</translation>
    </message>
    <message>
        <source>Queens placed</source>
        <translation>已放皇后</translation>
    </message>
</context>
<context>
    <name>QueensSettingsWidget</name>
    <message>
        <source>Find all solutions</source>
        <extracomment>The text layouts of ``knightviz queens --format`` a run can be exported in (and json). Every solution (the article&apos;s program), or stop at the first. ``sets`` (constraint IDs) or ``bitboards`` (two integers). The learner&apos;s own strategy orders the columns of each row (see ``Puzzle.own``).</extracomment>
        <translation>找出全部解</translation>
    </message>
    <message>
        <source>On: search the whole tree, listing every solution (92 on 8×8).
Off: stop at the first solution.</source>
        <translation>开：搜索整棵树，列出每一个解（8×8 上有 92 个）。
关：找到第一个解就停止。</translation>
    </message>
    <message>
        <source>Constraint sets (columns, diagonals)</source>
        <translation>约束集合（列、对角线）</translation>
    </message>
    <message>
        <source>Bitboards (two integers)</source>
        <translation>位棋盘（两个整数）</translation>
    </message>
    <message>
        <source>How the search remembers the board: three sets of constraint IDs, or two bitboards (queens, attacked squares). Both make the same placements.</source>
        <translation>搜索如何记住棋盘：三个约束 ID 集合，或两个位棋盘（皇后、受攻击的格子）。两者的放置完全相同。</translation>
    </message>
    <message>
        <source>Queens go rank by rank from rank 1; on each rank the files a, b, … are tried in turn. A square is free when its column and both diagonals are.</source>
        <translation>皇后从第 1 行起逐行放置；每一行依次尝试 a、b、… 列。一个格子的列和两条对角线都未被占时，才能放皇后。</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
</context>
<context>
    <name>Race</name>
    <message>
        <source>Racer {0} cannot start: {1}</source>
        <extracomment>How far (in steps) a search may run ahead of the race clock at unlimited speed before it is paused: about a hundredth of a second of compiled search. How a lane&apos;s badge is drawn: waiting, winner, finished (second), no solution. The step shown (the race clock, or the finish when this racer is done). Steps at the end of this racer&apos;s run (None while it runs). Its finish has been shown on the board (the clock has reached it). Stopped by the race when the other finished (its run ends at this step). Paused by the race because it is too far ahead of the clock. Place in the finishing order (1 or 2), None while racing. State changed (buttons, badges, status). Screen-rate heartbeat while the race goes (counters, badges). (lane index 1 or 2, steps): a racer&apos;s finish has just been shown; the other board is at the same step count at this moment. A racer&apos;s run ended: its RunRecord (``race`` links the two runs). A run could not start (one line for the status bar). Idle, running, paused or finished: the race&apos;s own state, apart from the racers&apos;. The race clock: the step both boards show (until a racer&apos;s finish). While paused, the clock goes no further than this (Step raises it by one). Stop the other racer when one finishes (else it keeps going).</extracomment>
        <translation>选手 {0} 无法开始：{1}</translation>
    </message>
    <message>
        <source>Racing: both boards make the same steps. Space pauses, R resets.</source>
        <translation>竞速中：两块棋盘走相同的步数。空格暂停，R 重置。</translation>
    </message>
    <message>
        <source>Race paused: N makes one step on both boards, Space resumes.</source>
        <translation>竞速已暂停：N 让两块棋盘各走一步，空格继续。</translation>
    </message>
    <message numerus="yes">
        <source>Racer {0} finished first, in {1} steps; racer {2} took {3}.</source>
        <translation>
            <numerusform>选手 {0} 先完成，用了 {1} 步；选手 {2} 用了 {3} 步。</numerusform>
        </translation>
    </message>
    <message>
        <source>Race: choose a strategy for each board, drag the knight, press Start (Space).</source>
        <translation>竞速：为每块棋盘选一种策略，拖动马，按开始（空格）。</translation>
    </message>
    <message>
        <source>Racer {0}: {1}</source>
        <translation>选手 {0}：{1}</translation>
    </message>
    <message numerus="yes">
        <source>Racer {0} finished too, at {1} steps; racer {2} took {3}.</source>
        <translation>
            <numerusform>选手 {0} 也完成了，用了 {1} 步；选手 {2} 用了 {3} 步。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Racer {0} finished at {1} steps; racer {2} was at the same step.</source>
        <translation>
            <numerusform>选手 {0} 在第 {1} 步完成；选手 {2} 此时也在同一步。</numerusform>
        </translation>
    </message>
    <message>
        <source>Race clock: step {0} · {1}</source>
        <translation>竞速时钟：第 {0} 步 · {1}</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Constructing…</source>
        <translation>构造中…</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>搜索中…</translation>
    </message>
    <message numerus="yes">
        <source>Stopped at {0} steps</source>
        <translation>
            <numerusform>停在第 {0} 步</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>✔ Tie: {0} steps</source>
        <translation>
            <numerusform>✔ 平局：{0} 步</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>✔ Finished first: {0} steps</source>
        <translation>
            <numerusform>✔ 率先完成：{0} 步</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>✖ Ended first, no solution: {0} steps</source>
        <translation>
            <numerusform>✖ 先结束，无解：{0} 步</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished second: {0} steps</source>
        <translation>
            <numerusform>第二个完成：{0} 步</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ended second, no solution: {0} steps</source>
        <translation>
            <numerusform>第二个结束，无解：{0} 步</numerusform>
        </translation>
    </message>
    <message>
        <source>Racer {0} failed: {1}</source>
        <translation>选手 {0} 出错：{1}</translation>
    </message>
</context>
<context>
    <name>RaceView</name>
    <message>
        <source>the other keeps going</source>
        <extracomment>Badge colours by how the race drew it (``race.PLAIN`` … ``race.NONE``). A racer&apos;s strategy was changed. The finish rule changed: True when the other racer stops at the first finish.</extracomment>
        <translation>另一方继续</translation>
    </message>
    <message>
        <source>the other stops</source>
        <translation>另一方停止</translation>
    </message>
    <message>
        <source>What happens to the other racer when one finishes</source>
        <translation>一方完成时，另一方怎么办</translation>
    </message>
    <message>
        <source>When one finishes:</source>
        <translation>一方完成时：</translation>
    </message>
    <message>
        <source>Both boards advance by the same number of steps per tick</source>
        <translation>两块棋盘每次前进相同的步数</translation>
    </message>
</context>
<context>
    <name>RunControls</name>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>1 to 10,000 steps per second; far right: unlimited (as fast as it goes)</source>
        <translation>每秒 1 到 10,000 步；最右端：不限（能多快就多快）</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Start, pause or resume the search (Space)</source>
        <translation>开始、暂停或继续搜索（空格）</translation>
    </message>
    <message>
        <source>Make exactly one move or backtrack (N or →)</source>
        <translation>只走一步：前进或回退一次（N 或 →）</translation>
    </message>
    <message>
        <source>Undo exactly one step (Shift+N, Shift+→ or Backspace)</source>
        <translation>撤销一步（Shift+N、Shift+→ 或 Backspace）</translation>
    </message>
    <message>
        <source>Stop the search and clear the board (R)</source>
        <translation>停止搜索并清空棋盘（R）</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
</context>
<context>
    <name>RunMenu</name>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Start, pause or resume the search</source>
        <translation>开始、暂停或继续搜索</translation>
    </message>
    <message>
        <source>Make exactly one move or backtrack</source>
        <translation>恰好走一步前进或回退</translation>
    </message>
    <message>
        <source>Undo exactly one step</source>
        <translation>恰好撤销一步</translation>
    </message>
    <message>
        <source>Stop the search and clear the board</source>
        <translation>停止搜索并清空棋盘</translation>
    </message>
    <message>
        <source>Recording &amp;memory…</source>
        <translation>录制内存(&amp;M)…</translation>
    </message>
    <message>
        <source>How much memory the recordings of runs may use (for going back)</source>
        <translation>运行录制可使用多少内存（用于后退查看）</translation>
    </message>
    <message>
        <source>&amp;Clear history…</source>
        <translation>清空运行记录(&amp;C)…</translation>
    </message>
    <message>
        <source>Remove every run from the history, here and on disk</source>
        <translation>从运行记录中删除所有运行，包括磁盘上的</translation>
    </message>
    <message>
        <source>Recording memory</source>
        <translation>录制内存</translation>
    </message>
    <message>
        <source>Memory for recordings of runs, in MB (all kept runs together; the oldest go first). In use now: {0} MB.</source>
        <translation>用于运行录制的内存，单位 MB（所有保留的运行合计；最早的先释放）。当前已用：{0} MB。</translation>
    </message>
    <message>
        <source>Start / &amp;Pause</source>
        <translation>开始/暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <translation>单步(&amp;S)</translation>
    </message>
    <message>
        <source>Step &amp;back</source>
        <translation>后退一步(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation>重置(&amp;R)</translation>
    </message>
</context>
<context>
    <name>RunSession</name>
    <message>
        <source>No solution can exist here: press “Search anyway” to watch the search prove it.</source>
        <extracomment>A run still going after this long gets its tree estimated (probes in the background). The board model was replaced (new size or puzzle): views must show the new one. A run ended; carries its RunRecord. A solution completed (its squares). The run failed (one line for the status bar). The learner&apos;s strategy failed (an engine ``StrategyError``): the editor marks it. Where recordings live (the window shares one among its sessions). The start square (``row * cols + col``). Set while &quot;Search anyway&quot; runs: the final position is worth keeping. The last run&apos;s search (None before any run). Set to stop waiting for a learner&apos;s strategy (Stop, Reset, closing). Knuth&apos;s estimate of the run&apos;s whole tree, made in the background. The run&apos;s own search (a learner&apos;s strategy reports its failure on it). Which engine runs this search: &quot;python&quot; or &quot;numba&quot; (chosen by the engine).</extracomment>
        <translation>这里不可能有解：按“仍然搜索”观看搜索如何证明这一点。</translation>
    </message>
    <message>
        <source>Constructing, not searching… Space pauses, N steps, R resets.</source>
        <translation>构造中（不是搜索）… 空格暂停，N 单步，R 重置。</translation>
    </message>
    <message>
        <source>Searching… Space pauses, N steps, R resets.</source>
        <translation>搜索中… 空格暂停，N 单步，R 重置。</translation>
    </message>
    <message>
        <source>Paused: N makes one step, Space resumes, R resets.</source>
        <translation>已暂停：N 走一步，空格继续，R 重置。</translation>
    </message>
    <message>
        <source>No solution can exist here; press “Search anyway” to watch the proof.</source>
        <translation>这里不可能有解；按“仍然搜索”观看证明过程。</translation>
    </message>
    <message>
        <source>Start square {0}. Drag the knight to choose another, then press Start (Space).</source>
        <translation>起点 {0}。拖动马可换一个起点，然后按开始（空格）。</translation>
    </message>
    <message>
        <source>Press Start (Space) to place the queens, rank by rank.</source>
        <translation>按开始（空格），逐行放置皇后。</translation>
    </message>
</context>
<context>
    <name>RunView</name>
    <message>
        <source>Search anyway</source>
        <extracomment>Above paced speeds the explaining panels show every this many changes of the position. What the run buttons or the status line show may have changed. A run ended: its RunRecord, for the history. One line for the status bar (and how long to show it, in ms). The user chose a start square on this board (the window keeps the others in step). The user typed on the board and the puzzle took it: its new settings (the window shows them in the controls, which configure every board). This view&apos;s start-square map ended (True: every square mapped). The panels were refreshed from the session (the window&apos;s chart follows). The forecast&apos;s race link: race this strategy against its rival from this square. This board&apos;s start-square map (Compare, Map all start squares). The race clock&apos;s step shown instead of the live one (None: live).</extracomment>
        <translation>仍然搜索</translation>
    </message>
    <message>
        <source>Run the exhaustive search and watch it prove that no solution exists</source>
        <translation>运行穷举搜索，看它证明无解</translation>
    </message>
    <message>
        <source>Run {0} brought back with its recording: drag the timeline, or Back/Step.</source>
        <extracomment>&quot;Your turn&quot;: the question, the last answer&apos;s verdict, the score. One banner at a time above the board, in a place of fixed height. What the run on the board will take, worked out before Start. The search tree of the run on the board (View › Search tree).</extracomment>
        <translation>已恢复第 {0} 次运行及其录制：拖动时间轴，或用后退/单步。</translation>
    </message>
    <message>
        <source>Run {0} (an earlier session): settings and start brought back. Press Start to run it again.</source>
        <translation>运行 {0}（以前的会话）：已恢复设置和起点。按开始重新运行。</translation>
    </message>
    <message>
        <source>Run {0}: settings and start brought back; its recording was released to make room for newer ones (Run, Recording memory…). Press Start.</source>
        <translation>第 {0} 次运行：已恢复设置和起点；它的录制已被释放，为较新的运行腾出空间（运行 › 录制内存…）。请按开始。</translation>
    </message>
    <message>
        <source>The piece cannot be moved during a run: press Reset (R) first.</source>
        <translation>运行中不能移动棋子：请先按重置（R）。</translation>
    </message>
</context>
<context>
    <name>SearchTree</name>
    <message>
        <source>a share not worked out this deep</source>
        <translation>这么深处的份额未计算</translation>
    </message>
    <message>
        <source>less than 10^-308</source>
        <translation>小于 10^-308</translation>
    </message>
    <message>
        <source>Follow the search</source>
        <translation>跟随搜索</translation>
    </message>
    <message>
        <source>On: the deepest levels of the current path, one band each. Off: the whole tree (wheel: zoom; drag: pan; double-click: all)</source>
        <translation>开：当前路径最深的几层，每层一条。关：整棵树（滚轮：缩放；拖动：平移；双击：全部）</translation>
    </message>
    <message>
        <source>current path</source>
        <translation>当前路径</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>solution below</source>
        <translation>下方有解</translation>
    </message>
    <message>
        <source>not tried yet</source>
        <translation>尚未尝试</translation>
    </message>
    <message numerus="yes">
        <source>Reading the run: {0} of {1} steps…</source>
        <translation>
            <numerusform>正在读取这次运行的录制：{0} / {1} 步…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} nodes at step {1}</source>
        <translation>
            <numerusform>第 {1} 步时共 {0} 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>, zoomed ×{0}</source>
        <translation>，放大 ×{0}</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Running the search</source>
        <translation>运行搜索</translation>
    </message>
    <message>
        <source>Menu commands</source>
        <translation>菜单命令</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>What they do</source>
        <translation>作用</translation>
    </message>
</context>
<context>
    <name>SolutionsPanel</name>
    <message>
        <source>Click a solution (or use the arrow keys) to see it</source>
        <extracomment>A solution was chosen (clicked, or reached with the arrow keys, Home, End…).</extracomment>
        <translation>点击一个解（或用方向键选择）即可查看</translation>
    </message>
    <message numerus="yes">
        <source>{0} solutions found (the first {1} listed)</source>
        <extracomment>Set while the list follows the run: a current row moved by a removal is no choice.</extracomment>
        <translation>
            <numerusform>已找到 {0} 个解（列出前 {1} 个）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} solutions found</source>
        <translation>
            <numerusform>已找到 {0} 个解</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SolverController</name>
    <message>
        <source>unknown error</source>
        <extracomment>Seconds between forced GIL hand-overs while a run exists (see ``SwitchInterval``). A frame&apos;s model is applied: whoever paces the frames (``pace_frames``) shows it and calls ``frame_done``; the worker sends the next frame only then. The run failed: a one-line summary for the status bar (details are logged). A solution completed (its squares), in the order found. The run&apos;s search moved to another engine mid-run (&quot;numba&quot;). The board model the run&apos;s events are applied to. Someone calls ``frame_done`` after each frame (else the controller does, a turn of the event loop later).</extracomment>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>The search failed: {0}</source>
        <translation>搜索失败：{0}</translation>
    </message>
</context>
<context>
    <name>StackModel</name>
    <message>
        <source>Level</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Candidates, in the order tried</source>
        <translation>候选（按尝试顺序）</translation>
    </message>
</context>
<context>
    <name>StackView</name>
    <message>
        <source>Hover or click a level to see it on the board</source>
        <extracomment>A level was hovered or clicked (its row), or the mouse left (-1).</extracomment>
        <translation>悬停或点击某一层，在棋盘上查看</translation>
    </message>
</context>
<context>
    <name>StartMap</name>
    <message>
        <source>Click to start here.</source>
        <extracomment>Finished squares are sent to the GUI at most this often (a 100×100 map has 10,000). Finished squares: (job id, list of StartRun), at most every FLUSH_SECONDS. The job ended: (job id, cancelled). The job failed: (job id, traceback text). Squares done (including those no tour can start from), squares in all. The job ended: True when every square is mapped, False when cancelled. Anything the legend shows changed (results, state, settings, cap). The job failed: one line for the status bar. The piece stands on another square of the map (``piece``), or left it. The cap the next map gets (the legend&apos;s spin box sets it). Bumped whenever the results change (the overlay&apos;s cache key). The cap of the map shown (the one it was computed with). Wall-clock seconds the last map took (so far, while running). The square the board&apos;s piece stands on while the map is shown (None: a run).</extracomment>
        <translation>单击以从这里开始。</translation>
    </message>
    <message>
        <source>{0}: not mapped yet.</source>
        <translation>{0}：尚未绘制。</translation>
    </message>
    <message>
        <source>{0}: not mapped (the map was cancelled).</source>
        <translation>{0}：未绘制（地图已取消）。</translation>
    </message>
    <message numerus="yes">
        <source>{0} moves</source>
        <translation>
            <numerusform>前进 {0}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} backtracks</source>
        <translation>
            <numerusform>回退 {0}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0}: tour found in {1} steps ({2}, {3}).</source>
        <translation>
            <numerusform>{0}：用 {1} 步找到周游（{2}，{3}）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0}: no tour within the cap of {1} steps (limit reached).</source>
        <translation>
            <numerusform>{0}：在 {1} 步上限内没有周游（达到上限）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0}: stuck after {1} steps, no tour (no backtracking).</source>
        <translation>
            <numerusform>{0}：{1} 步后走投无路，无周游（不回溯）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0}: no tour from here: the search tried every possibility in {1} steps.</source>
        <translation>
            <numerusform>{0}：从这里没有周游：搜索用 {1} 步尝试了所有可能。</numerusform>
        </translation>
    </message>
    <message>
        <source>{0}: no tour can exist here, nothing searched. {1}</source>
        <translation>{0}：这里不可能有周游，未搜索。{1}</translation>
    </message>
    <message numerus="yes">
        <source>{0}: tour in {1} steps</source>
        <translation>
            <numerusform>{0}：{1} 步找到周游</numerusform>
        </translation>
    </message>
    <message>
        <source>{0}: no tour within the cap</source>
        <translation>{0}：上限内无周游</translation>
    </message>
    <message numerus="yes">
        <source>{0}: stuck after {1} steps</source>
        <translation>
            <numerusform>{0}：{1} 步后走投无路</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0}: no tour ({1} steps)</source>
        <translation>
            <numerusform>{0}：无周游（{1} 步）</numerusform>
        </translation>
    </message>
    <message>
        <source>{0}: no tour can exist</source>
        <translation>{0}：不可能有周游</translation>
    </message>
    <message>
        <source>The map failed: {0}</source>
        <translation>地图绘制出错：{0}</translation>
    </message>
</context>
<context>
    <name>StartMapLegend</name>
    <message>
        <source> steps</source>
        <translation> 步</translation>
    </message>
    <message>
        <source>Step cap per start square</source>
        <translation>每个起点的步数上限</translation>
    </message>
    <message>
        <source>Each start square&apos;s search stops after this many steps (moves + backtracks); such squares are hatched grey. Changing it maps again.</source>
        <translation>每个起点的搜索在这么多步（前进 + 回退）后停止；这些格子以灰色斜线标出。修改后会重新绘制。</translation>
    </message>
    <message>
        <source>Cap</source>
        <translation>上限</translation>
    </message>
    <message>
        <source>%v of %m</source>
        <translation>%v / %m</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop mapping; the squares done so far stay</source>
        <translation>停止绘制；已完成的格子保留</translation>
    </message>
    <message>
        <source>Map again</source>
        <translation>重新绘制</translation>
    </message>
    <message>
        <source>Map every start square again</source>
        <translation>重新绘制所有起点</translation>
    </message>
    <message>
        <source>The square the knight stands on</source>
        <translation>马所在的格子</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Steps (moves + backtracks) from each start square, on a log scale</source>
        <translation>每个起点的步数（前进 + 回退），对数刻度</translation>
    </message>
    <message>
        <source>over cap</source>
        <translation>超出上限</translation>
    </message>
    <message>
        <source>Over the cap: the search reached the cap without finding a tour</source>
        <translation>超出上限：搜索达到上限仍未找到周游</translation>
    </message>
    <message>
        <source>no tour found</source>
        <translation>无周游</translation>
    </message>
    <message>
        <source>The strategy ended without a tour: a greedy walk stuck with no backtracking, or a search that tried every possibility</source>
        <translation>策略结束时没有周游：不回溯的贪心走法走投无路，或搜索尝试了所有可能</translation>
    </message>
    <message>
        <source>impossible</source>
        <translation>不可能</translation>
    </message>
    <message>
        <source>No tour can exist: a known fact rules out a tour from this square, nothing searched</source>
        <translation>不可能有周游：已知事实排除了从这个格子出发的周游，未搜索</translation>
    </message>
    <message>
        <source>Map of {0}</source>
        <translation>地图：{0}</translation>
    </message>
    <message>
        <source>{0} of {1} solved</source>
        <translation>{1} 个中 {0} 个有解</translation>
    </message>
    <message>
        <source>{0} no tour found</source>
        <translation>{0} 个无周游</translation>
    </message>
    <message>
        <source>{0} over the cap</source>
        <translation>{0} 个超出上限</translation>
    </message>
    <message>
        <source>{0} impossible</source>
        <translation>{0} 个不可能</translation>
    </message>
    <message>
        <source>, </source>
        <extracomment>between the parts of the map&apos;s summary (3 solved, 2 over the cap)</extracomment>
        <translation>，</translation>
    </message>
    <message>
        <source>mapping… {0}</source>
        <translation>绘制中… {0}</translation>
    </message>
    <message>
        <source>cancelled: {0}</source>
        <translation>已取消：{0}</translation>
    </message>
    <message>
        <source>{0} (in {1})</source>
        <translation>{0}（用时 {1}）</translation>
    </message>
</context>
<context>
    <name>StrategyEditor</name>
    <message>
        <source>Open…</source>
        <extracomment>How many files File › Recent in the editor remembers. The line marked as wrong (1-based), or 0. The text or its file changed (the window&apos;s title of the strategy follows).</extracomment>
        <translation>打开…</translation>
    </message>
    <message>
        <source>Open a strategy (.py file)</source>
        <translation>打开一个策略（.py 文件）</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Save the strategy to its file</source>
        <translation>把策略保存到它的文件</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Save the strategy to a new file</source>
        <translation>把策略保存到新文件</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>最近</translation>
    </message>
    <message>
        <source>Strategies opened lately</source>
        <translation>最近打开的策略</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>帮助</translation>
    </message>
    <message>
        <source>What your function receives and must return</source>
        <translation>你的函数收到什么、必须返回什么</translation>
    </message>
    <message>
        <source>The strategy API&apos;s help is not available in this install.</source>
        <extracomment>The name of a strategy restored without its file (see ``set_text``).</extracomment>
        <translation>此安装中没有策略接口的帮助。</translation>
    </message>
    <message>
        <source>Open strategy</source>
        <translation>打开策略</translation>
    </message>
    <message>
        <source>Python files (*.py)</source>
        <translation>Python 文件 (*.py)</translation>
    </message>
    <message>
        <source>Could not open {0}: {1}</source>
        <translation>无法打开 {0}：{1}</translation>
    </message>
    <message>
        <source>Save strategy</source>
        <translation>保存策略</translation>
    </message>
    <message>
        <source>Could not save {0}: {1}</source>
        <translation>无法保存 {0}：{1}</translation>
    </message>
    <message>
        <source>No recent strategies</source>
        <translation>没有最近的策略</translation>
    </message>
    <message>
        <source>your strategy (not saved)</source>
        <translation>自编策略（未保存）</translation>
    </message>
</context>
<context>
    <name>SudokuPuzzle</name>
    <message>
        <source>Sudoku</source>
        <extracomment>The characters of a cell: 0 for a blank, then the digits 1 to 16. Each size&apos;s boxes (rows × columns of a box), as the engine has them. A run past this many steps on plain backtracking gets the advice to try MRV. ``plain``, ``mrv`` or ``dlx``. Fill forced cells (naked singles) after every placement (plain and MRV). The problem: N² characters, ``.`` for a blank (the presenter&apos;s default: a built-in one). The learner&apos;s own strategy chooses the cell and orders its digits (``Puzzle.own``). The grids last worked out, by (model, version, problem, forced fills): the window&apos;s board and a race&apos;s two boards share this presenter.</extracomment>
        <translation>数独</translation>
    </message>
    <message>
        <source>Plain: the first empty cell</source>
        <translation>普通：第一个空格</translation>
    </message>
    <message>
        <source>MRV: the fewest candidates first</source>
        <translation>MRV：候选最少的格子优先</translation>
    </message>
    <message>
        <source>Dancing Links (Algorithm X)</source>
        <translation>舞蹈链（X 算法）</translation>
    </message>
    <message>
        <source>Character {0}, “{1}”, is not a digit: write 1-9 (A-G up to 16), and . or 0 for a blank.</source>
        <translation>第 {0} 个字符“{1}”不是数字：请写 1-9（16×16 用 A-G），空格写 . 或 0。</translation>
    </message>
    <message>
        <source>{0} cells: a Sudoku has 16, 36, 81 or 256 (4×4, 6×6, 9×9 or 16×16).</source>
        <translation>{0} 个格子：数独有 16、36、81 或 256 个格子（4×4、6×6、9×9 或 16×16）。</translation>
    </message>
    <message>
        <source>Character {0}, {1}, is too large for a {2}×{2} grid.</source>
        <translation>第 {0} 个字符 {1} 对 {2}×{2} 的数独来说太大。</translation>
    </message>
    <message>
        <source>plain backtracking</source>
        <translation>普通回溯</translation>
    </message>
    <message>
        <source>fewest candidates first (MRV)</source>
        <translation>候选最少优先（MRV）</translation>
    </message>
    <message>
        <source>Dancing Links</source>
        <translation>舞蹈链</translation>
    </message>
    <message>
        <source>{0} · forced cells filled</source>
        <translation>{0} · 填入唯一候选格</translation>
    </message>
    <message>
        <source>{0} on this {1} Sudoku</source>
        <translation>{0}解这道 {1} 数独</translation>
    </message>
    <message>
        <source>MRV</source>
        <translation>MRV</translation>
    </message>
    <message>
        <source>4×4 starter</source>
        <translation>4×4 入门</translation>
    </message>
    <message>
        <source>6×6 starter</source>
        <translation>6×6 入门</translation>
    </message>
    <message>
        <source>easy</source>
        <translation>简单</translation>
    </message>
    <message>
        <source>easy (Project Euler 96, grid 1)</source>
        <translation>简单（欧拉计划第 96 题，第 1 盘）</translation>
    </message>
    <message>
        <source>AI Escargot (Arto Inkala)</source>
        <translation>AI Escargot（阿尔托·因卡拉）</translation>
    </message>
    <message>
        <source>Arto Inkala&apos;s 2012 puzzle</source>
        <translation>阿尔托·因卡拉的 2012 年难题</translation>
    </message>
    <message>
        <source>Easter Monster</source>
        <translation>复活节怪兽</translation>
    </message>
    <message>
        <source>against brute force (17 givens)</source>
        <translation>反暴力破解（17 个已知数）</translation>
    </message>
    <message>
        <source>hard (19 million plain steps)</source>
        <translation>困难（普通回溯 1900 万步）</translation>
    </message>
    <message>
        <source>Plain backtracking</source>
        <translation>普通回溯</translation>
    </message>
    <message>
        <source>{0} with forced cells</source>
        <translation>{0}（填入唯一候选格）</translation>
    </message>
    <message>
        <source>Press Start (Space) to fill the grid. To change the puzzle, click a cell and type a digit (Delete clears), or paste one into the puzzle line.</source>
        <translation>按“开始”（空格键）填满数独。要修改题目，点击一个格子并输入数字（Delete 清除），或把题目粘贴到题目栏。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Givens are &lt;b&gt;bold&lt;/b&gt;, the search&apos;s placements &lt;b&gt;blue&lt;/b&gt;, cells forced by a single candidate (Fill forced cells) &lt;b&gt;green italic&lt;/b&gt;. Each empty cell shows its candidates as small &lt;b&gt;pencil marks&lt;/b&gt;, each digit in its own place (at paced speeds and when paused).&lt;/p&gt;&lt;p&gt;The cell of the last step is tinted with its row, column and box; a &lt;b&gt;dashed green frame&lt;/b&gt; marks the cell filled next, and a removal flashes its cell red.&lt;/p&gt;</source>
        <translation>&lt;p&gt;已知数为&lt;b&gt;粗体&lt;/b&gt;，搜索放置的数字为&lt;b&gt;蓝色&lt;/b&gt;，只剩一个候选而被填入的格子（填入唯一候选格）为&lt;b&gt;绿色斜体&lt;/b&gt;。每个空格用小小的&lt;b&gt;铅笔标记&lt;/b&gt;显示它的候选数，每个数字有自己的位置（在限速运行和暂停时）。&lt;/p&gt;&lt;p&gt;上一步的格子连同它的行、列和宫被淡淡着色；&lt;b&gt;绿色虚线框&lt;/b&gt;标出下一个要填的格子，撤回时该格子闪红。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The start map compares the squares a piece can start from: a Sudoku has no start square, so there is nothing to map</source>
        <translation>起点地图比较棋子可以出发的各个格子：数独没有起点，所以没有可画的地图</translation>
    </message>
    <message>
        <source>{0}, {1} givens</source>
        <translation>{0}，{1} 个已知数</translation>
    </message>
    <message>
        <source>Two {0}s in row {1}: no solution can exist.</source>
        <translation>第 {1} 行有两个 {0}：不可能有解。</translation>
    </message>
    <message>
        <source>Two {0}s in column {1}: no solution can exist.</source>
        <translation>第 {1} 列有两个 {0}：不可能有解。</translation>
    </message>
    <message>
        <source>Two {0}s in box {1}: no solution can exist.</source>
        <translation>第 {1} 宫有两个 {0}：不可能有解。</translation>
    </message>
    <message>
        <source>{0} has no candidate: no solution can exist.</source>
        <translation>{0} 没有候选数：不可能有解。</translation>
    </message>
    <message>
        <source>Plain backtracking fills the cells in reading order, whatever they hold: some puzzles are made to need millions of steps that way. MRV (the fewest candidates first) usually needs a few hundred: choose it and start again.</source>
        <translation>普通回溯按阅读顺序逐格填写，不看格子的候选：有些题目专门让这种做法走上百万步。MRV（候选最少的格子优先）通常只需几百步：选它再开始。</translation>
    </message>
    <message>
        <source>Millions of steps? Try MRV: the fewest candidates first.</source>
        <translation>上百万步？试试 MRV：候选最少优先。</translation>
    </message>
    <message>
        <source>{0}, {1}, {2}</source>
        <translation>{0}，{1}，{2}</translation>
    </message>
    <message numerus="yes">
        <source>{0} placements</source>
        <translation>
            <numerusform>放置 {0} 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} removals</source>
        <translation>
            <numerusform>撤回 {0} 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} steps</source>
        <translation>
            <numerusform>{0} 步</numerusform>
        </translation>
    </message>
    <message>
        <source>Solved. {0}: {1}.</source>
        <translation>已解出。{0}：{1}。</translation>
    </message>
    <message>
        <source>Stopped after {0}.</source>
        <translation>已停止：{0}。</translation>
    </message>
    <message>
        <source>Stopped at the step limit: {0}.</source>
        <translation>达到步数上限而停止：{0}。</translation>
    </message>
    <message>
        <source>No solution: the search tried every possibility ({0}).</source>
        <translation>无解：搜索试遍了所有可能（{0}）。</translation>
    </message>
    <message>
        <source>Placements</source>
        <translation>放置</translation>
    </message>
    <message>
        <source>Removals</source>
        <translation>撤回</translation>
    </message>
    <message>
        <source>Cells filled</source>
        <translation>已填格子</translation>
    </message>
    <message>
        <source>no solution</source>
        <translation>无解</translation>
    </message>
    <message>
        <source>The grid, with box lines (text)</source>
        <translation>带宫线的盘面（文本）</translation>
    </message>
    <message>
        <source>The solution in one line (text)</source>
        <translation>一行写出的解（文本）</translation>
    </message>
    <message>
        <source>JSON, as knightviz sudoku prints it</source>
        <translation>JSON，与 knightviz sudoku 的输出相同</translation>
    </message>
    <message>
        <source>row {0} needs {1}</source>
        <translation>第 {0} 行缺 {1}</translation>
    </message>
    <message>
        <source>column {0} needs {1}</source>
        <translation>第 {0} 列缺 {1}</translation>
    </message>
    <message>
        <source>box {0} needs {1}</source>
        <translation>第 {0} 宫缺 {1}</translation>
    </message>
    <message>
        <source>dead end</source>
        <translation>死路</translation>
    </message>
    <message>
        <source>{0}: no candidate</source>
        <translation>{0}：没有候选数</translation>
    </message>
    <message>
        <source>Run {0} on the same puzzle to compare.</source>
        <translation>在同一道题上运行{0}即可比较。</translation>
    </message>
    <message>
        <source>{0} on the same puzzle: {1}</source>
        <translation>同一道题上的{0}：{1}</translation>
    </message>
    <message>
        <source>Your turn: which digit goes in which cell next? Click the digit&apos;s place in the cell (where its pencil mark is), or press B if the search removes a placement.</source>
        <translation>轮到你：下一步把哪个数字填进哪一格？在格子里点击该数字的位置（它的铅笔标记处）；如果搜索会撤回一次放置，请按 B。</translation>
    </message>
    <message>
        <source>Your turn: the next digit? Click its place in its cell, or press B for a removal.</source>
        <translation>轮到你：下一个数字是什么？在它的格子里点击它的位置；如果是撤回，请按 B。</translation>
    </message>
    <message>
        <source>Hint: nothing fits here.</source>
        <translation>提示：这里没有可填的。</translation>
    </message>
    <message>
        <source>Hint: the choices left here: {0}.</source>
        <translation>提示：这里剩下的选择：{0}。</translation>
    </message>
    <message numerus="yes">
        <source>{0} more cells had one candidate left: filled.</source>
        <translation>
            <numerusform>另有 {0} 个格子只剩一个候选数：已填入。</numerusform>
        </translation>
    </message>
    <message>
        <source>Every cell filled: the puzzle is solved.</source>
        <translation>所有格子都已填满：题目解出。</translation>
    </message>
    <message>
        <source>Every possibility tried: this puzzle has no solution.</source>
        <translation>所有可能都已试过：这道题无解。</translation>
    </message>
    <message>
        <source>{0}: {1} led nowhere; try {2}.</source>
        <translation>{0}：{1} 走不通；试 {2}。</translation>
    </message>
    <message>
        <source>{0} has one candidate left: {1}.</source>
        <translation>{0} 只剩一个候选数：{1}。</translation>
    </message>
    <message>
        <source>{0}: {1} places; try {2}.</source>
        <translation>{0}：有 {1} 个位置；试 {2}。</translation>
    </message>
    <message>
        <source>{0} has the fewest candidates ({1}): try {2}.</source>
        <translation>{0} 的候选最少（{1}）：试 {2}。</translation>
    </message>
    <message>
        <source>{0} has the fewest options ({1}): try {2}.</source>
        <translation>{0} 的选择最少（{1}）：试 {2}。</translation>
    </message>
    <message>
        <source>{0} is the first empty cell; candidates {1}: try {2}.</source>
        <translation>{0} 是第一个空格；候选 {1}：试 {2}。</translation>
    </message>
    <message>
        <source>{0}: no digit fits — remove the last placement ({1} = {2}).</source>
        <translation>{0}：没有数字可填——撤回上一次放置（{1} = {2}）。</translation>
    </message>
    <message>
        <source>Nothing fits any more — remove the last placement ({0} = {1}).</source>
        <translation>已无可填——撤回上一次放置（{0} = {1}）。</translation>
    </message>
    <message>
        <source>Every choice below {0} = {1} failed: remove it.</source>
        <translation>{0} = {1} 之下的所有选择都失败了：撤回它。</translation>
    </message>
    <message>
        <source>cell = {0}   digit = {1}   placed = {2}</source>
        <translation>格子 = {0}   数字 = {1}   已放置 = {2}</translation>
    </message>
</context>
<context>
    <name>SudokuSettingsWidget</name>
    <message>
        <source>The grid&apos;s size: a new size starts from its empty grid.</source>
        <extracomment>The characters of a problem: blanks, then the digits 1-16.</extracomment>
        <translation>数独的尺寸：换尺寸会从空盘开始。</translation>
    </message>
    <message>
        <source>Plain: the first empty cell, digits ascending.
MRV: the empty cell with the fewest candidates first.
Dancing Links: Knuth&apos;s Algorithm X on the exact-cover matrix.</source>
        <translation>普通：第一个空格，数字从小到大。
MRV：先填候选最少的空格。
舞蹈链：在精确覆盖矩阵上运行 Knuth 的 X 算法。</translation>
    </message>
    <message>
        <source>Fill forced cells</source>
        <translation>填入唯一候选格</translation>
    </message>
    <message>
        <source>After every placement, fill each cell that has one candidate left (naked singles). Forced fills are not steps. Plain and MRV only.</source>
        <translation>每次放置之后，把只剩一个候选数的格子都填上（唯一候选）。这些填入不算步数。仅用于普通回溯和 MRV。</translation>
    </message>
    <message>
        <source>Built-in puzzles, from easy to the hardest</source>
        <translation>内置题目，从简单到最难</translation>
    </message>
    <message>
        <source>81 characters: 1-9, and . or 0 for a blank</source>
        <translation>81 个字符：1-9，空格写 . 或 0</translation>
    </message>
    <message>
        <source>The puzzle, row by row: digits (A-G for 10-16), . or 0 for a blank. Paste one here, or type digits straight onto the board&apos;s cells (Delete clears).</source>
        <translation>题目按行书写：数字（10-16 用 A-G），空格写 . 或 0。可以粘贴到这里，也可以直接在盘面的格子上输入数字（Delete 清除）。</translation>
    </message>
    <message>
        <source>Each step puts a digit in a cell or takes the last one back. A digit is a candidate when its row, column and box do not hold it yet.</source>
        <translation>每一步在一个格子里放一个数字，或撤回最后放的那个。一个数字在所在行、列和宫里都还没有时，就是候选数。</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>尺寸</translation>
    </message>
    <message>
        <source>Puzzle</source>
        <translation>题目</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>(your own)</source>
        <translation>（自己的）</translation>
    </message>
    <message>
        <source>Empty grid</source>
        <translation>空盘</translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <source>The whole run: drag to see any step, or click the step box to type one</source>
        <extracomment>The user wants to see this step (dragging, clicking, typing).</extracomment>
        <translation>整次运行：拖动查看任意一步，或点击步数框输入</translation>
    </message>
    <message>
        <source>Go to step… (type a number and press Enter)</source>
        <translation>跳到某一步…（输入数字后按回车）</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>of {0}</source>
        <translation>/ {0}</translation>
    </message>
    <message>
        <source>(nearest kept step)</source>
        <translation>（最近的保留步）</translation>
    </message>
</context>
<context>
    <name>TimelineSlider</name>
    <message>
        <source>deepest point so far</source>
        <extracomment>The total has room for a figure this wide from the start (some two minutes of search at 90 M steps/s); a longer one is written &quot;of 1.2 × 10¹⁰&quot;, exact on hover.</extracomment>
        <translation>迄今最深处</translation>
    </message>
    <message numerus="yes">
        <source>start of the longest backtrack ({0} steps)</source>
        <translation>
            <numerusform>最长回退的起点（{0} 步）</numerusform>
        </translation>
    </message>
    <message>
        <source>solution {0}</source>
        <translation>第 {0} 个解</translation>
    </message>
    <message>
        <source>the end of the run</source>
        <translation>运行结束</translation>
    </message>
    <message>
        <source>Step {0}: {1}</source>
        <translation>第 {0} 步：{1}</translation>
    </message>
    <message>
        <source>These steps were not kept (memory budget): the board shows the nearest kept position before them</source>
        <translation>这些步没有保留（内存预算）：棋盘显示它们之前最近的保留局面</translation>
    </message>
</context>
<context>
    <name>TreeCanvas</name>
    <message>
        <source>The tree of the run on the board appears here: press Start.</source>
        <extracomment>Colours of the node states (the stack panel&apos;s: finished grey, the path green). A band&apos;s height in &quot;follow&quot; (px), the funnel between two bands, and the least row height of the whole tree. Segments at most per layout (a bound on its time; the rest aggregate). While a run goes the layout is made again at most this often (s). A paused, ended or brought-back run&apos;s recording is read into the index for up to this long in one turn (s): all of plain 8x8&apos;s 16.5 million steps take 40 ms compiled, a quarter of a second with numpy; a longer read goes on over the next turns. Click on a node: the step at which the search entered it. The user zoomed or panned (the panel leaves &quot;follow&quot;). Whole-tree view: the part of the root&apos;s width shown, and the first row. Follow: each band&apos;s parent interval (x, w) and the band&apos;s first depth.</extracomment>
        <translation>棋盘上这次运行的搜索树会显示在这里：按开始。</translation>
    </message>
    <message>
        <source>start</source>
        <translation>起点</translation>
    </message>
</context>
<context>
    <name>TreeHover</name>
    <message>
        <source>Not tried yet: which one comes next is yours to say.</source>
        <extracomment>Hover estimates of an unfinished subtree: probes, and their time budget (s). &quot;Your turn&quot; asks for the next step: a candidate not tried yet keeps its square to itself (the boxes stand in the order the search tries them).</extracomment>
        <translation>尚未尝试：下一个是哪一个，由你来说。</translation>
    </message>
    <message>
        <source>finished: its whole subtree explored</source>
        <translation>已完成：整棵子树都已探索</translation>
    </message>
    <message>
        <source>finished, with a solution below</source>
        <translation>已完成，下方有解</translation>
    </message>
    <message>
        <source>on the search&apos;s current path</source>
        <translation>在搜索的当前路径上</translation>
    </message>
    <message>
        <source>not tried yet</source>
        <translation>尚未尝试</translation>
    </message>
    <message>
        <source>the empty board</source>
        <translation>空棋盘</translation>
    </message>
    <message>
        <source>{0}, depth {1}: {2}</source>
        <translation>{0}，深度 {1}：{2}</translation>
    </message>
    <message numerus="yes">
        <source>{0} candidates below it; {1} of the root&apos;s width</source>
        <translation>
            <numerusform>下方有 {0} 个候选；占根宽度的 {1}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} steps spent below it (exact)</source>
        <translation>
            <numerusform>在它下方共用了 {0} 步（精确）</numerusform>
        </translation>
    </message>
    <message>
        <source>Click: go to step {0}, where the search entered it</source>
        <translation>单击：跳到第 {0} 步，即搜索进入它的那一步</translation>
    </message>
    <message numerus="yes">
        <source>Its subtree: about {0} steps (Knuth&apos;s estimate, ± {1}, {2} probes)</source>
        <translation>
            <numerusform>它的子树：约 {0} 步（Knuth 估计，± {1}，{2} 次探测）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ViewMenu</name>
    <message>
        <source>&amp;View</source>
        <extracomment>View › Language: a language&apos;s code (``en``, ``zh_CN``). View › Appearance: ``system``, ``light`` or ``dark``.</extracomment>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Explain the search</source>
        <extracomment>The puzzle&apos;s explanatory panels (the algorithm, the search stack; N-Queens&apos; constraints and solutions), shown or hidden at once; also on the toolbar.</extracomment>
        <translation>讲解搜索(&amp;E)</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>讲解</translation>
    </message>
    <message>
        <source>Show the algorithm and the search stack: why the search does what it does</source>
        <translation>显示算法和搜索栈：搜索为什么这样走</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Show the window in this language (at once; remembered)</source>
        <translation>以这种语言显示窗口（立即生效并记住）</translation>
    </message>
    <message>
        <source>&amp;Appearance</source>
        <translation>外观(&amp;A)</translation>
    </message>
    <message>
        <source>Light or dark: follow the system, or choose one</source>
        <translation>浅色或深色：跟随系统，或自行选择</translation>
    </message>
    <message>
        <source>Follow the &amp;system</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>Light or dark as the desktop is</source>
        <translation>与桌面的浅色或深色一致</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>Always light</source>
        <translation>始终浅色</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>Always dark</source>
        <translation>始终深色</translation>
    </message>
    <message>
        <source>Reset &amp;settings</source>
        <translation>重置设置(&amp;S)</translation>
    </message>
    <message>
        <source>Forget every remembered setting and show the defaults now</source>
        <translation>忘记所有记住的设置，立即显示默认值</translation>
    </message>
    <message>
        <source>Show or hide “{0}”</source>
        <translation>显示或隐藏“{0}”</translation>
    </message>
</context>
<context>
    <name>WindowPrefs</name>
    <message>
        <source>The settings in {0} are from another version of knightviz: the defaults are used.</source>
        <extracomment>Bumped when a key changes meaning; older files are then ignored, not misread. Settings were cleared and the defaults shown (the language menu may follow). Keys that could not be restored (their defaults shown), and whether the whole file was of another format: ``warning`` says so in the window.</extracomment>
        <translation>{0} 中的设置来自另一个版本的 knightviz：已使用默认设置。</translation>
    </message>
    <message>
        <source>Some remembered settings could not be read ({0}): their defaults are used.</source>
        <translation>部分保存的设置无法读取（{0}）：已改用它们的默认值。</translation>
    </message>
    <message>
        <source>the speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>the start square</source>
        <translation>起点</translation>
    </message>
    <message>
        <source>the window&apos;s size and panels</source>
        <translation>窗口大小和面板</translation>
    </message>
</context>
<context>
    <name>widget</name>
    <message>
        <source>Start</source>
        <translation>起点</translation>
    </message>
</context>
</TS>
