-- Neovim support for fsmc's .fsm specs: the `fsm` filetype, and `fsmc lsp` attached to every
-- .fsm buffer (diagnostics, go to definition, references, rename, hover, completion, symbols).
--
-- Works with Neovim 0.7 (vim.lsp.start_client) and later (vim.lsp.start). Usage, with this
-- folder on 'runtimepath':
--
--     require('fsmc').setup()                                  -- runs `fsmc` from PATH
--     require('fsmc').setup({ cmd = { '/path/to/fsmc', 'lsp' } })
local M = {}

local client_ids = {}

-- The folder of the nearest Package.swift above the buffer's file, else the file's folder:
-- one server per package.
local function root_dir(bufnr)
  local folder = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':p:h')
  local package = vim.fn.findfile('Package.swift', folder .. ';')
  if package ~= '' then
    return vim.fn.fnamemodify(package, ':p:h')
  end
  return folder
end

-- Starts (or reuses) the server for the buffer's package and attaches it to the buffer.
function M.attach(bufnr, options)
  options = options or {}
  local config = {
    name = 'fsmc',
    cmd = options.cmd or { 'fsmc', 'lsp' },
    root_dir = root_dir(bufnr),
    on_attach = function(client, attached)
      -- <C-x><C-o> completes from the server.
      vim.bo[attached].omnifunc = 'v:lua.vim.lsp.omnifunc'
      if options.on_attach then
        options.on_attach(client, attached)
      end
    end,
    capabilities = options.capabilities,
  }
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = bufnr })
    return
  end
  local id = client_ids[config.root_dir]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    id = vim.lsp.start_client(config)
    client_ids[config.root_dir] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
end

-- Registers the filetype and attaches the server to every `fsm` buffer.
function M.setup(options)
  options = options or {}
  local group = vim.api.nvim_create_augroup('fsmc', { clear = true })
  vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
    group = group,
    pattern = '*.fsm',
    callback = function(args) vim.bo[args.buf].filetype = 'fsm' end,
  })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = 'fsm',
    callback = function(args) M.attach(args.buf, options) end,
  })
end

return M
