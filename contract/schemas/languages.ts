export interface Language {
  code: string
  name: string
  native_name: string
  video_count: number
}

export interface Health {
  status: 'ok'
  version: string
}
