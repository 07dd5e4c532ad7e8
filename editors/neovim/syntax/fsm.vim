" Syntax highlighting for fsmc state machine specs (.fsm). The keywords are the lexer's
" (Sources/FSMCompiler/Syntax/Token.swift) and the contextual words done, deep, in and reenter; a test
" keeps them in step (EditorSupportTests). assert starts a property; the property's other words
" (never, reachable, always reachable, only after) are keywords only there, so they are matched there.
if exists('b:current_syntax')
  finish
endif

syntax keyword fsmDeclaration machine state event output import
syntax keyword fsmTrigger on always after done entry exit defer
syntax keyword fsmAction emit raise
" `update(…)` (language version 4): a contextual word, an action only before its parenthesis.
syntax match fsmAction /\<update\ze\s*(/
syntax keyword fsmModifier initial final parallel history deep reenter
syntax keyword fsmAccess public internal package
syntax keyword fsmGuardWord else in
syntax keyword fsmConstant true false nil
syntax keyword fsmProperty assert
syntax match fsmProperty /^\s*assert\s\+\zs\(never\|reachable\|always\s\+reachable\)\>/
syntax match fsmProperty /\<only\s\+after\>/
syntax match fsmDuration /\<\d[0-9_]*\(\.\d\+\)\?\(ms\|s\|m\|h\)\>/
syntax match fsmNumber /\<\d[0-9_]*\(\.\d\+\)\?\>/
syntax match fsmOperator /->\|&&\|||\|!/
syntax match fsmAttribute /@\h\w*/
syntax match fsmType /\<\u\w*\>/
syntax region fsmString start=/"/ skip=/\\./ end=/"\|$/
syntax match fsmComment /\/\/.*$/ contains=@Spell
syntax match fsmDocComment /\/\/\/.*$/ contains=@Spell
syntax region fsmBlockComment start=/\/\*/ end=/\*\// contains=@Spell

highlight default link fsmDeclaration Keyword
highlight default link fsmTrigger Statement
highlight default link fsmAction Statement
highlight default link fsmModifier StorageClass
highlight default link fsmAccess StorageClass
highlight default link fsmGuardWord Conditional
highlight default link fsmConstant Constant
highlight default link fsmProperty Keyword
highlight default link fsmDuration Number
highlight default link fsmNumber Number
highlight default link fsmOperator Operator
highlight default link fsmAttribute PreProc
highlight default link fsmType Type
highlight default link fsmString String
highlight default link fsmComment Comment
highlight default link fsmDocComment SpecialComment
highlight default link fsmBlockComment Comment

let b:current_syntax = 'fsm'
