-- A real LSP client test: headless Neovim opens a spec with an error through the fsm filetype
-- and lua/fsmc.lua, receives the diagnostics of `fsmc lsp`, jumps to a definition and renames.
-- Run by run.sh, which sets FSMC (the fsmc binary), FSMC_SPEC (a copy of Door.fsm) and
-- FSMC_NEOVIM (the editors/neovim folder).
local function finish(code, message)
  io.stdout:write(message .. '\n')
  io.stdout:flush()
  vim.cmd((code == 0 and 'qall!') or ('cquit! ' .. code))
end

local function test()
  vim.opt.runtimepath:prepend(os.getenv('FSMC_NEOVIM'))
  vim.cmd('filetype plugin on')
  vim.cmd('syntax on')
  require('fsmc').setup({ cmd = { os.getenv('FSMC'), 'lsp' } })

  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('FSMC_SPEC')))
  local bufnr = vim.api.nvim_get_current_buf()
  assert(vim.bo[bufnr].filetype == 'fsm', 'the filetype is "' .. vim.bo[bufnr].filetype .. '", not fsm')

  -- Diagnostics arrive after didOpen.
  local errors = { severity = vim.diagnostic.severity.ERROR }
  local received = vim.wait(30000, function() return #vim.diagnostic.get(bufnr, errors) > 0 end, 50)
  assert(received, 'no error diagnostics within 30 s')
  local diagnostic = vim.diagnostic.get(bufnr, errors)[1]
  assert(diagnostic.message == "unknown state 'closd'; did you mean 'closed'?", 'unexpected message: ' .. diagnostic.message)
  assert(diagnostic.lnum == 9 and diagnostic.col == 20, 'the diagnostic is at ' .. diagnostic.lnum .. ':' .. diagnostic.col .. ', not 9:20')

  assert(vim.bo[bufnr].omnifunc == 'v:lua.vim.lsp.omnifunc', 'omnifunc is not set on attach')

  -- Go to definition: from the target `opened` on line 7 to `state opened` on line 9.
  vim.api.nvim_win_set_cursor(0, { 7, 21 })
  vim.lsp.buf.definition()
  local jumped = vim.wait(30000, function()
    local cursor = vim.api.nvim_win_get_cursor(0)
    return cursor[1] == 9 and cursor[2] == 10
  end, 50)
  local cursor = vim.api.nvim_win_get_cursor(0)
  assert(jumped, 'the cursor is at ' .. cursor[1] .. ':' .. cursor[2] .. ', not at the definition 9:10')

  -- Rename the state under the cursor: its declaration and the target on line 7 change.
  vim.lsp.buf.rename('ajar')
  local renamed = vim.wait(30000, function()
    return vim.api.nvim_buf_get_lines(bufnr, 6, 7, false)[1] == '        on open -> ajar'
      and vim.api.nvim_buf_get_lines(bufnr, 8, 9, false)[1] == '    state ajar {'
  end, 50)
  assert(renamed, 'the rename did not reach the buffer: ' .. table.concat(vim.api.nvim_buf_get_lines(bufnr, 6, 9, false), ' | '))

  -- A clean shutdown: the server answers shutdown and exits.
  local clients = vim.lsp.get_active_clients()
  assert(#clients == 1, #clients .. ' clients are running, not 1')
  vim.lsp.stop_client(clients[1].id)
  local stopped = vim.wait(10000, function() return vim.lsp.get_client_by_id(clients[1].id) == nil end, 50)
  assert(stopped, 'the server did not stop')
  return "Neovim " .. tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) .. '.' .. tostring(vim.version().patch)
    .. ': diagnostics received (' .. diagnostic.message .. ' at 10:21), definition reached (9:11), state renamed, server stopped'
end

local ok, result = pcall(test)
if ok then
  finish(0, 'ok: ' .. result)
else
  finish(1, 'FAIL: ' .. tostring(result))
end
