import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import T from 'to-jyutping'
const file = process.argv[2]
for (const line of fs.readFileSync(file,'utf8').split('\n').filter(Boolean)) {
  const tj = T.getJyutpingList(line).filter(([,r]) => r).map(([,r]) => r)
  const es = execFileSync('espeak-ng', ['-v','yue','-x','-q','--stdin'], { input: line }).toString().trim()
  const syll = es.replace(/'/g,'').split(/[_|\s]+/).filter(Boolean).map(s => { const d = s.match(/\d/)?.[0] ?? ''; return s.replace(/\d/,'').replace(/^N/,'ng') + ({7:'1',8:'3',9:'6'}[d] ?? d) })
  const same = tj.join(' ') === syll.join(' ')
  console.log(same?'OK ':'XX ', line, tj.join(' '), '|', syll.join(' '))
}
