@echo off
rem Library Admin for Windows' Task Scheduler (docs/operations.md, "Run as a service"): starts the
rem built server with the settings below and restarts it when it stops with an error.
cd /d C:\LibraryAdmin\app\api
set NODE_ENV=production
set DATA_DIR=C:\LibraryAdmin\data
set HOST=0.0.0.0
set PORT=3000
set PUBLIC_URL=http://frontdesk.lan:3000
set BACKUP_DIR=D:\LibraryAdminBackups
:run
node --enable-source-maps dist\main.js >> C:\LibraryAdmin\server.log 2>&1
if %ERRORLEVEL% neq 0 (
  timeout /t 5 /nobreak > nul
  goto run
)
