" fsmc state machine specs.
autocmd BufRead,BufNewFile *.fsm setfiletype fsm
