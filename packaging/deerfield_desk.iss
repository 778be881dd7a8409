; Inno Setup 6 script for Deerfield Desk on Windows; build_installer.py runs ISCC with
; /DAppName= /DAppSlug= /DAppVersion= /DSourceDir= /DOutputDir= /DIconFile= (from pyproject.toml
; and the PyInstaller folder). The defaults below only let the script open in the IDE.
;
; Why per-user by default: the clerk's account often has no admin rights; the installer offers
; "all users" when it has them. The AppId must NEVER change: Windows finds the installed copy
; (upgrade in place, one uninstaller) by it.

#ifndef AppName
  #define AppName "Deerfield Desk"
#endif
#ifndef AppSlug
  #define AppSlug "deerfield-desk"
#endif
#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef SourceDir
  #define SourceDir "..\dist\deerfield-desk"
#endif
#ifndef OutputDir
  #define OutputDir "..\dist"
#endif
#ifndef IconFile
  #define IconFile "..\deerfield_desk\resources\icons\deerfield-desk.ico"
#endif

[Setup]
AppId={{6B1F3C2E-8D4A-4E7B-9C61-D33F1E1D2A58}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Village of Deerfield
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename={#AppSlug}-{#AppVersion}-setup
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\{#AppSlug}.exe
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
; The register lives in %LOCALAPPDATA%\Deerfield Desk, never in {app}: uninstalling or
; upgrading the program cannot touch the village's records.
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; Replace the program folder as a whole so no module of an older version is left behind.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppSlug}.exe"; IconFilename: "{app}\{#AppSlug}.exe"
Name: "{group}\Uninstall {#AppName}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppSlug}.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppSlug}.exe"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
